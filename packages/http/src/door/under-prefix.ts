import type { Middleware, ParameterizedContext } from 'koa';

type Next = () => Promise<unknown>;

/**
 * Runs `chain` (a door's routers, in order) only for a path at or under `prefix` (`/v1` and
 * `/v1/...`, not `/v1x`); every other request passes on at once. mountDoor mounts each door
 * this way, so a request meets one door's routers instead of being matched against all of them.
 */
export function underPrefix<State, Ctx>(prefix: string, ...middlewares: Array<Middleware<State, Ctx>>): Middleware<State, Ctx> {
  const run = chain(...middlewares);
  return (ctx, next) => (isUnder(ctx.path, prefix) ? run(ctx, next) : next());
}

/** Middlewares run in order as one, the last one's `next` being the chain's own. */
export function chain<State, Ctx>(
  ...middlewares: Array<Middleware<State, Ctx>>
): (ctx: ParameterizedContext<State, Ctx>, next: Next) => Promise<unknown> {
  return middlewares.reduceRight<(ctx: ParameterizedContext<State, Ctx>, next: Next) => Promise<unknown>>(
    // Koa types a middleware's result as any; it is the promise of the rest of the chain.
    (rest, middleware) => (ctx, next) => middleware(ctx, () => rest(ctx, next)) as Promise<unknown>,
    (_ctx, next) => next(),
  );
}

/** Without regard to case, as @koa/router matches paths by default; `prefix` is lower case. */
export function isUnder(path: string, prefix: string): boolean {
  const head = path.slice(0, prefix.length);
  return (head === prefix || head.toLowerCase() === prefix) && (path.length === prefix.length || path.charCodeAt(prefix.length) === 0x2f);
}
