import type { IncomingMessage } from 'node:http';
import type { RequestSummary } from '@petstore/telemetry';
import type { Door, RequestReport } from './request-report.js';

const DOOR_NAMES: Readonly<Record<Door, string>> = { rest: 'REST', graphql: 'GraphQL', trpc: 'tRPC', ops: 'ops' };

/**
 * The server span of a request as its door reported it: named after the door and operation
 * (`REST listPets`, `GraphQL addPet`, `tRPC pets.list`), with the route, the caller's key id (never
 * the key), the rate-limit outcome, whether a deprecated operation was called, and the code of a
 * refusal of the whole request.
 */
export function requestSummary(report: RequestReport, req: IncomingMessage, path: string, status: number): RequestSummary {
  const rateLimit = status === 429 ? 'limited' : report.rateLimit ? 'allowed' : undefined;
  return {
    name: report.door ? `${DOOR_NAMES[report.door]} ${report.operationLabel}` : (req.method ?? 'HTTP'),
    status,
    attributes: {
      'http.request.method': req.method,
      'url.path': path,
      'http.route': report.route,
      'petstore.request_id': report.requestId,
      'petstore.door': report.door,
      'petstore.operation': report.operationLabel,
      'petstore.key_id': report.keyId,
      'petstore.rate_limit.outcome': rateLimit,
      'petstore.rate_limit.remaining': report.rateLimit?.remaining,
      'petstore.deprecated': report.deprecatedCalls > 0 || undefined,
      'petstore.error.code': report.errorCode,
    },
  };
}
