import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principal } from '@petstore/domain';
import { Exchange } from '@petstore/http';

/**
 * An exchange for operations Apollo runs without HTTP (`executeOperation`): it gathers what the
 * door reports of them, and is never sent, so it needs no real request or response: only the
 * headers a resolver reads (the Idempotency-Key).
 */
export function exchangeWithoutHttp(principal: Principal, idempotencyKey?: string): Exchange {
  const headers = idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey };
  const exchange = new Exchange({ headers } as IncomingMessage, {} as ServerResponse, {
    requestId: 'without-http',
    clientAddress: undefined,
    trace: undefined,
    standardHeaders: [],
    draining: () => false,
  });
  exchange.authenticated(principal);
  return exchange;
}
