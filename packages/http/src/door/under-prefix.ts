type Next = () => Promise<unknown>;

/** A step of a request, over whatever the request is handed as (Koa's context inside this package, the exchange in a door). */
type Step<C> = (context: C, next: Next) => unknown;

/**
 * Runs `steps` (a door's routes, in order) only for a path at or under `prefix` (`/v1` and
 * `/v1/...`, not `/v1x`); every other request passes on at once. Every door is mounted this way,
 * so a request meets one door's routes instead of being matched against all of them.
 */
export function underPrefix<C extends { readonly path: string }>(prefix: string, ...steps: Array<Step<C>>): Step<C> {
  const run = chain(...steps);
  return (context, next) => (isUnder(context.path, prefix) ? run(context, next) : next());
}

/**
 * Steps run in order as one, the last one's `next` being the chain's own. A step's result is
 * passed on as it is (Koa's router gives the promise of the rest of the chain): no promise is
 * made here per step.
 */
export function chain<C>(...steps: Array<Step<C>>): Step<C> {
  return steps.reduceRight<Step<C>>(
    (rest, step) => (context, next) => step(context, () => Promise.resolve(rest(context, next))),
    (_context, next) => next(),
  );
}

/** Without regard to case, as @koa/router matches paths by default; `prefix` is lower case. */
export function isUnder(path: string, prefix: string): boolean {
  const head = path.slice(0, prefix.length);
  return (head === prefix || head.toLowerCase() === prefix) && (path.length === prefix.length || path.charCodeAt(prefix.length) === 0x2f);
}
