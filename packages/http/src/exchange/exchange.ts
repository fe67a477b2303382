import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDomainError, type Principal, type RateLimitState } from '@petstore/domain';
import type { RequestTrace } from '@petstore/telemetry';
import { answerHead, type HeaderList } from './answer-head.js';

/** Which door served a request; `ops` is the probes and metrics, `none` a request no door claimed. */
export type Door = 'rest' | 'graphql' | 'trpc' | 'ops';

/** What the HTTP shell gives every exchange it makes: the headers every answer carries, and whether to close. */
export interface ExchangeSetting {
  requestId: string;
  clientAddress: string | undefined;
  trace: RequestTrace | undefined;
  /** The headers every answer carries: the request id, the security headers, CORS for an allowed origin. */
  standardHeaders: HeaderList;
  /** True once a shutdown has begun: answers then say `Connection: close`. */
  draining: () => boolean;
}

/**
 * One request, from the moment the HTTP shell receives it to the end of its answer: the one object
 * every step of the request is handed (the envelope's key check and charge, the door, the error
 * writer, the access log, the metrics and the trace), and the one writer of its answer. Every
 * answer, a door's success or a refusal at any step, goes out through `send`, so each header of
 * an answer has exactly one writer. Labels stay bounded: operations are names the door knows
 * (REST operation ids, GraphQL root fields, tRPC procedures), never client text.
 */
export class Exchange {
  readonly requestId: string;
  readonly clientAddress: string | undefined;
  /** The request's trace when tracing is on; undefined otherwise. */
  readonly trace: RequestTrace | undefined;
  door: Door | undefined;
  /** The route template the request matched, such as `/v1/pets/:petId`, for its trace. */
  route: string | undefined;
  /** The caller, once the envelope has checked its key. */
  principal: Principal | undefined;
  /** The caller's budget after this request was charged, for the RateLimit headers. */
  standing: RateLimitState | undefined;
  /** The code of the refusal sent for the whole request (a key refused, a body too large). */
  errorCode: string | undefined;
  /** Calls of a deprecated operation (a GraphQL request may make several). */
  deprecatedCalls = 0;
  private readonly operations = new Set<string>();
  private answeredWith: number | undefined;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    private readonly setting: ExchangeSetting,
  ) {
    this.requestId = setting.requestId;
    this.clientAddress = setting.clientAddress;
    this.trace = setting.trace;
  }

  get keyId(): string | undefined {
    return this.principal?.keyId;
  }

  /** The status sent, once `send` has run. */
  get answered(): number | undefined {
    return this.answeredWith;
  }

  /**
   * The one writer: status, headers and body in one `writeHead` and one `end`. The head is the
   * standard headers, the caller's RateLimit standing once charged, `Connection: close` when the
   * request's body was not read (a refusal need not wait for it) or a shutdown has begun, then
   * `headers`, the door's own, which win over a standard header of the same name (the docs page's
   * Content-Security-Policy). `headers` carry no Content-Length: it is counted here.
   */
  send(status: number, headers: HeaderList, body?: string | Buffer): void {
    if (this.answeredWith !== undefined) throw new Error(`request ${this.requestId} was already answered with ${this.answeredWith}`);
    this.answeredWith = status;
    const bodiless = status === 204 || status === 304;
    const head = answerHead(this.setting.standardHeaders, this.standing, headers, this.res);
    if (this.setting.draining() || !this.req.complete) head.push('Connection', 'close');
    if (!bodiless) head.push('Content-Length', body === undefined ? 0 : Buffer.byteLength(body));
    this.res.writeHead(status, head);
    this.res.end(bodiless || this.req.method === 'HEAD' ? undefined : body);
  }

  /** Names the operation being served; a batch reports each of its operations. */
  operation(door: Door, name: string, options: { deprecated?: boolean | undefined } = {}): void {
    this.door = door;
    this.operations.add(name);
    if (options.deprecated) this.deprecatedCalls += 1;
  }

  /** The request reached a door, whether or not it names an operation the door knows. */
  claim(door: Door, route?: string): void {
    this.door ??= door;
    this.route ??= route;
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
