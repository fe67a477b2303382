import type { IncomingMessage } from 'node:http';
import type { Principal, RateLimitState } from '@petstore/domain';
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
  /** Calls of a deprecated operation (a GraphQL request may make several). */
  deprecatedCalls = 0;
  private readonly operations = new Set<string>();

  constructor(readonly requestId: string) {}

  /** Names the operation being served; a batch reports each of its operations. */
  operation(door: Door, name: string, options: { deprecated?: boolean } = {}): void {
    this.door = door;
    this.operations.add(name);
    if (options.deprecated) this.deprecatedCalls += 1;
  }

  /** The request reached a door, whether or not it names an operation the door knows. */
  claim(door: Door): void {
    this.door ??= door;
  }

  authenticated(principal: Principal): void {
    this.keyId = principal.keyId;
  }

  /** `listPets`, `addPet+pets` for a GraphQL document selecting both, `none` when no operation was named. */
  get operationLabel(): string {
    return this.operations.size === 0 ? 'none' : [...this.operations].sort().join('+');
  }
}

const reports = new WeakMap<IncomingMessage, RequestReport>();

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
