import type { Context } from 'koa';
import { errorBody } from '../error-body.js';
import { describeStatus } from '../error-status.js';
import type { Exchange } from '../exchange/exchange.js';

/**
 * Sends what a route left in Koa's `ctx` (a probe's body, a published document, the router's 405
 * with `Allow`, the 404 of a path nobody serves) through the exchange's writer. The headers it set
 * with `ctx.set` are already on the response, where the writer keeps them. A status without a body
 * gets the contract's Error body.
 */
export function sendKoaAnswer(ctx: Context, exchange: Exchange): void {
  const status = ctx.status;
  const body: unknown = ctx.body;
  if (body === undefined || body === null) {
    if (status < 400) return exchange.send(status, []);
    const described = describeStatus(status);
    exchange.errorCode = described.code;
    return exchange.send(
      status,
      ['Content-Type', 'application/json; charset=utf-8'],
      JSON.stringify(errorBody(status, described.code, described.message)),
    );
  }
  if (typeof body === 'string' || Buffer.isBuffer(body)) return exchange.send(status, [], body);
  // Koa set the JSON media type when the object was assigned.
  exchange.send(status, [], JSON.stringify(body));
}
