import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDomainError, type KeyKind, type Operation, type Principal, type RateLimitState } from '@petstore/domain';
import type { RequestTrace } from '@petstore/telemetry';
import { DEFAULT_BODY_LIMITS, type BodyLimits } from '../envelope/body.js';
import { answerHead, type HeaderList } from './answer-head.js';
import { RequestReader } from './request-reader.js';

/** Which door served a request; `ops` is the probes and metrics, `none` a request no door claimed. */
export type Door = 'rest' | 'graphql' | 'trpc' | 'manage' | 'ops';

/** A catalogue operation a request asks for, and how many times it makes it (what the envelope admits, what usage counts). */
export interface AskedOperation {
  /** Null for what the catalogue does not hold (see RequestOperation). */
  operation: Operation | null;
  calls: number;
}

/** What the HTTP shell gives every exchange it makes: the headers every answer carries, and whether to close. */
export interface ExchangeSetting {
  requestId: string;
  clientAddress: string | undefined;
  trace: RequestTrace | undefined;
  /** The headers every answer carries: the request id, the security headers, CORS for an allowed origin. */
  standardHeaders: HeaderList;
  /** True once a shutdown has begun: answers then say `Connection: close`. */
  draining: () => boolean;
  /** For a request whose key decides whether its page may read the answer (CORS): the headers that say so, once the answer is sent. */
  judgedByKey?: ((exchange: Exchange) => HeaderList) | undefined;
  /** What the request's body is read under (PETSTORE_MAX_BODY_BYTES, PETSTORE_BODY_TIMEOUT_SECONDS); their defaults when absent. */
  bodyLimits?: BodyLimits | undefined;
}

/**
 * One request, from the moment the HTTP shell receives it to the end of its answer: the one object
 * every step of the request is handed (the envelope's key check and charge, the door, the error
 * writer, the access log, the metrics and the trace), the one reader of the request (its
 * RequestReader side: method, path, query, route parameters, headers, cookies, body) and the one
 * writer of its answer. Every answer, a door's success or a refusal at any step, goes out through
 * `send`, so each header of an answer has exactly one writer. Labels stay bounded: operations are
 * names the door knows (REST operation ids, GraphQL root fields, tRPC procedures), never client text.
 */
export class Exchange extends RequestReader {
  readonly requestId: string;
  readonly clientAddress: string | undefined;
  /** The request's trace when tracing is on; undefined otherwise. */
  readonly trace: RequestTrace | undefined;
  #door: Door | undefined;
  #route: string | undefined;
  #principal: Principal | undefined;
  #keyKind: KeyKind | undefined;
  #standing: RateLimitState | undefined;
  #errorCode: string | undefined;
  #deprecatedCalls = 0;
  #asked: readonly AskedOperation[] | undefined;
  /** Headers staged for the answer by steps before its writer (a deprecation notice, a router's `Allow`). */
  #staged: HeaderList | undefined;
  private readonly operations = new Set<string>();
  private answeredWith: number | undefined;

  constructor(
    req: IncomingMessage,
    /** Written by `send` alone. */
    private readonly res: ServerResponse,
    private readonly setting: ExchangeSetting,
  ) {
    super(req, setting.bodyLimits ?? DEFAULT_BODY_LIMITS);
    this.requestId = setting.requestId;
    this.clientAddress = setting.clientAddress;
    this.trace = setting.trace;
  }

  /** The door that claimed the request, or whose operation it names. */
  get door(): Door | undefined {
    return this.#door;
  }

  /** The route template the request matched, such as `/v1/pets/:petId`, for its trace. */
  get route(): string | undefined {
    return this.#route;
  }

  /** The caller, once the envelope has checked its key. */
  get principal(): Principal | undefined {
    return this.#principal;
  }

  /** The caller's budget after this request was charged, for the RateLimit headers. */
  get standing(): RateLimitState | undefined {
    return this.#standing;
  }

  /** The code of the refusal sent for the whole request (a key refused, a body too large). */
  get errorCode(): string | undefined {
    return this.#errorCode;
  }

  /** Calls of a deprecated operation (a GraphQL request may make several). */
  get deprecatedCalls(): number {
    return this.#deprecatedCalls;
  }

  /** The kind of the key the request presented, once known: the accepted key's, or a browser key's the check refused. */
  get keyKind(): KeyKind | undefined {
    return this.#keyKind;
  }

  /** The catalogue operations the envelope was asked to admit, whatever it decided: what the usage meter counts. */
  get asked(): readonly AskedOperation[] | undefined {
    return this.#asked;
  }

  get keyId(): string | undefined {
    return this.#principal?.keyId;
  }

  /** The status the client got, once the whole answer went out; undefined before, or when the client went away first. */
  get delivered(): number | undefined {
    return this.res.writableFinished ? this.res.statusCode : undefined;
  }

  /** The status sent, once `send` has run. */
  get answered(): number | undefined {
    return this.answeredWith;
  }

  /** The envelope checked the caller's key: this is who is asking. */
  authenticated(principal: Principal): void {
    this.#principal = principal;
    this.#keyKind = principal.kind;
  }

  /** The key check refused a key it knows to be a browser key (for the request's origin, its expiry, its account). */
  browserKeyRefused(): void {
    this.#keyKind = 'browser';
  }

  /** The envelope is admitting these operations (kept as given, not copied: the hot path allocates nothing for it). */
  asking(operations: readonly AskedOperation[]): void {
    this.#asked = operations;
  }

  /** The caller's budget was charged (or only looked at): its standing goes out in the RateLimit headers. */
  charged(standing: RateLimitState): void {
    this.#standing = standing;
  }

  /** The whole request is refused with `code`; its answer follows through `send`. */
  refused(code: string): void {
    this.#errorCode = code;
  }

  /** The request matched the route declared as `template`, such as `/v1/pets/:petId`. */
  routed(template: string): void {
    this.#route = template;
  }

  /**
   * Stages a header for the answer, whatever it turns out to be (a success or a refusal), for a
   * step that runs before the answer is known. It wins over a standard header of the same name.
   */
  stageHeader(name: string, value: string): void {
    (this.#staged ??= []).push(name, value);
  }

  /**
   * The one writer: status, headers and body in one `writeHead` and one `end`. The head is the
   * standard headers, the caller's RateLimit standing once charged, `Connection: close` when the
   * request's body was not read (a refusal need not wait for it) or a shutdown has begun, then
   * the headers staged on the exchange and `headers`, the answer's own, which win over a standard
   * header of the same name (the docs page's Content-Security-Policy). `headers` carry no
   * Content-Length: it is counted here.
   */
  send(status: number, headers: HeaderList, body?: string | Buffer): void {
    if (this.answeredWith !== undefined) throw new Error(`request ${this.requestId} was already answered with ${this.answeredWith}`);
    this.answeredWith = status;
    const bodiless = status === 204 || status === 304;
    const judged = this.setting.judgedByKey?.(this);
    const staged = judged && judged.length > 0 ? [...judged, ...(this.#staged ?? [])] : this.#staged;
    const own = staged ? [...staged, ...headers] : headers;
    const head = answerHead(this.setting.standardHeaders, this.#standing, own);
    if (this.setting.draining() || !this.complete) head.push('Connection', 'close');
    if (!bodiless) head.push('Content-Length', body === undefined ? 0 : Buffer.byteLength(body));
    this.res.writeHead(status, head);
    this.res.end(bodiless || this.method === 'HEAD' ? undefined : body);
  }

  /** Names the operation being served; a batch reports each of its operations. */
  operation(door: Door, name: string, options: { deprecated?: boolean | undefined } = {}): void {
    this.#door = door;
    this.operations.add(name);
    if (options.deprecated) this.#deprecatedCalls += 1;
  }

  /** The request reached a door, whether or not it names an operation the door knows. */
  claim(door: Door): void {
    this.#door ??= door;
  }

  /**
   * Runs one operation (a REST route, a tRPC call) in a span of its own when the request is
   * traced, so that its database commands nest under it, and records a failure by its domain
   * code. `failure` finds the error in a result that reports one instead of throwing.
   */
  traced<T>(name: string, options: { deprecated?: boolean | undefined }, run: () => Promise<T>, failure?: (result: T) => unknown): Promise<T> {
    if (!this.trace) return run();
    const span = this.trace.startOperation(name, { 'petstore.operation': name, 'petstore.deprecated': options.deprecated || undefined });
    return span.within(run).then(
      (result) => {
        const error = failure?.(result);
        if (error !== undefined) span.fail(errorCode(error));
        span.end();
        return result;
      },
      (error: unknown) => {
        span.fail(errorCode(error));
        span.end();
        throw error;
      },
    );
  }

  /** `listPets`, `addPet+pets` for a GraphQL document selecting both, `none` when no operation was named. */
  get operationLabel(): string {
    if (this.operations.size <= 1) return this.operations.values().next().value ?? 'none';
    return [...this.operations].sort().join('+');
  }
}

/** The domain code of an error, or of the error it wraps (tRPC's); anything else is an internal error. */
export function errorCode(error: unknown): string {
  if (isDomainError(error)) return error.code;
  const cause = error instanceof Error ? error.cause : undefined;
  return isDomainError(cause) ? cause.code : 'internal_error';
}

/** What every app's Koa state holds: the request's exchange, made by the HTTP shell before any door runs. */
export interface ExchangeState {
  exchange: Exchange;
}
