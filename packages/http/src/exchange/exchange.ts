import type { IncomingMessage } from 'node:http';
import { isDomainError, type Principal, type RateLimitState } from '@petstore/domain';
import type { RequestTrace } from '@petstore/telemetry';
import { acceptRequestId } from './request-id.js';

/** Which door served a request; `ops` is the probes and metrics, `none` a request no door claimed. */
export type Door = 'rest' | 'graphql' | 'trpc' | 'ops';

/**
 * What a door tells about a request it served, for the access log and the metrics: the one
 * mechanism every door reports through. Labels stay bounded: operations are names the door
 * knows (REST operation ids, GraphQL root fields, tRPC procedures), never client text.
 */
export class RequestReport {
  door: Door | undefined;
  keyId: string | undefined;
  /** The caller's rate-limit window after this request was charged, for the RateLimit headers. */
  rateLimit: RateLimitState | undefined;
  /** The caller's address as the service believes it, for the failed-key throttle; set by the HTTP shell. */
  clientAddress: string | undefined;
  /** Calls of a deprecated operation (a GraphQL request may make several). */
  deprecatedCalls = 0;
  /** The route template the request matched, such as `/v1/pets/:petId`, for its trace. */
  route: string | undefined;
  /** The request's trace when tracing is on (the HTTP shell starts it); undefined otherwise. */
  trace: RequestTrace | undefined;
  /** The code of the refusal the error writer sent for the whole request (a key refused, a body too large). */
  errorCode: string | undefined;
  private readonly operations = new Set<string>();

  constructor(readonly requestId: string) {}

  /** Names the operation being served; a batch reports each of its operations. */
  operation(door: Door, name: string, options: { deprecated?: boolean } = {}): void {
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
   * code. `failure` finds the error in a result that reports one instead of throwing (tRPC's).
   */
  traced<T>(name: string, options: { deprecated?: boolean }, run: () => Promise<T>, failure?: (result: T) => unknown): Promise<T> {
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

  authenticated(principal: Principal): void {
    this.keyId = principal.keyId;
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

const reports = new WeakMap<IncomingMessage, RequestReport>();

/** The report of a request, if anything has made one. */
export function findRequestReport(req: IncomingMessage): RequestReport | undefined {
  return reports.get(req);
}

/**
 * The report of the request being served. The process's HTTP shell creates it with the request
 * id before any door runs; a door served on a bare server (its own tests) gets a fresh one.
 */
export function requestReport(req: IncomingMessage): RequestReport {
  let report = reports.get(req);
  if (!report) {
    report = new RequestReport(acceptRequestId(req.headers['x-request-id']));
    reports.set(req, report);
  }
  return report;
}
