import type { Exchange } from '../exchange/exchange.js';

/** The rest of the request's steps: the door's next handler, then whatever follows the door. */
export type Next = () => Promise<unknown>;

/**
 * One step of a request as a door writes it: handed the request's exchange, which it reads the
 * request from and answers through, and `next` for a request it leaves to what follows. Koa runs
 * the steps (packages/http adapts each to a middleware), but no door sees Koa's context.
 */
export type Handler = (exchange: Exchange, next: Next) => unknown;
