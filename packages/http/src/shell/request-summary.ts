import type { RequestSummary } from '@petstore/telemetry';
import type { Door, Exchange } from '../exchange/exchange.js';

const DOOR_NAMES: Readonly<Record<Door, string>> = { rest: 'REST', graphql: 'GraphQL', trpc: 'tRPC', manage: 'Manage', ops: 'ops' };

/**
 * The server span of a request as its door reported it: named after the door and operation
 * (`REST listPets`, `GraphQL addPet`, `tRPC pets.list`), with the route, the caller's key id (never
 * the key), the rate-limit outcome, whether a deprecated operation was called, and the code of a
 * refusal of the whole request.
 */
export function requestSummary(exchange: Exchange, status: number): RequestSummary {
  const rateLimit = status === 429 ? 'limited' : exchange.standing ? 'allowed' : undefined;
  return {
    name: exchange.door ? `${DOOR_NAMES[exchange.door]} ${exchange.operationLabel}` : exchange.method,
    status,
    attributes: {
      'http.request.method': exchange.method,
      'url.path': exchange.path,
      'http.route': exchange.route,
      'petstore.request_id': exchange.requestId,
      'petstore.door': exchange.door,
      'petstore.operation': exchange.operationLabel,
      'petstore.key_id': exchange.keyId,
      'petstore.rate_limit.outcome': rateLimit,
      'petstore.rate_limit.remaining': exchange.standing?.remaining,
      'petstore.deprecated': exchange.deprecatedCalls > 0 || undefined,
      'petstore.error.code': exchange.errorCode,
    },
  };
}
