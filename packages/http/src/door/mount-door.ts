import { METHODS } from 'node:http';
import Router, { type RouterMiddleware } from '@koa/router';
import type { Logger } from 'pino';
import type { Envelope } from '../envelope/envelope.js';
import { errorShape, writeProblem, type ProblemShape } from '../envelope/write-problem.js';
import type { Door, Exchange, ExchangeState } from '../exchange/exchange.js';
import { allowedMethods } from './allowed-methods.js';
import type { Handler } from './handler.js';
import type { Route, RouteMethod } from './route-table.js';
import { chain, underPrefix } from './under-prefix.js';

export interface DoorMount {
  door: Door;
  /** Where the door is served: `/v1`, `/graphql`, `/trpc` (the path itself and every path under it). */
  prefix: string;
  /**
   * The door's own work: its routes under the prefix, which answer a method a path's routes lack
   * with 405 and `Allow`, and OPTIONS with `Allow`; or its one handler for every path under the
   * prefix (GraphQL, tRPC). A request none of it answers falls through.
   */
  routes: readonly Route[] | Handler;
  /**
   * Routes that run before the key check and may only stage headers for whatever the answer will
   * be, refusals included (a deprecated operation's notice); they never refuse or answer.
   */
  notices?: readonly Route[];
  /** Requests under the prefix that need no key: the published documents, a landing page. */
  isPublic?: (exchange: Exchange) => boolean;
  /** How the door spells a refusal (REST's Error body by default). */
  problem?: ProblemShape;
}

/** What mounting a door needs from the process. */
export interface MountDeps {
  envelope: Envelope;
  logger: Logger;
}

/** A step as Koa runs it, with what the router adds to its context (the route's parameters). */
type Step = RouterMiddleware<ExchangeState>;

/**
 * The one way a door is mounted (HttpApp.mount): under its prefix, the key is checked first, before
 * anything else may refuse the request (an unknown procedure, a method a route lacks, a batch too
 * large), so no part of a door can be probed without a key; then the door's own work. Whatever the
 * door or the envelope throws is answered here, in the door's shape, through the one writer, with
 * the caller's RateLimit standing once the key is known. Other paths pass on at once.
 */
export function doorMiddleware(deps: MountDeps, mount: DoorMount): Step {
  const { envelope, logger } = deps;
  const shape = mount.problem ?? errorShape;
  const routes = typeof mount.routes === 'function' ? handlerStep(mount.routes) : routeTable(mount.prefix, mount.routes, { answersMethods: true });
  const notices = mount.notices ? routeTable(mount.prefix, mount.notices, { answersMethods: false }) : undefined;
  return underPrefix(mount.prefix, async (ctx: Parameters<Step>[0], next: () => Promise<unknown>) => {
    const exchange = ctx.state.exchange;
    exchange.claim(mount.door);
    if (notices) await notices(ctx, () => Promise.resolve());
    try {
      if (!mount.isPublic?.(exchange)) await envelope.checkKey(exchange);
      await routes(ctx, next);
      if (exchange.answered === undefined) await envelope.showStanding(exchange);
    } catch (error) {
      await envelope.showStanding(exchange);
      writeProblem(exchange, error, logger, (problem) => shape(problem, exchange));
    }
  });
}

/** A door's step as Koa runs it: handed the request's exchange, never Koa's context. */
export function handlerStep(handler: Handler): Step {
  return (ctx, next) => handler(ctx.state.exchange, next);
}

/**
 * The routes as @koa/router routes them under the prefix. The router knows every method Node knows, so a method a
 * path's routes lack is 405 with `Allow` (RFC 9110 §15.5.6), not the router's 501, which would say
 * the server knows the method for no resource at all.
 *
 * A literal path is never matched by a templated one: `/invitations/accept` is not the invitation
 * named `accept`, so `DELETE /invitations/:invitationId` neither answers it nor shows in its
 * `Allow`. The literal routes are a router of their own, asked first; only a path none of them
 * has goes on to the templated routes.
 */
function routeTable(prefix: string, routes: readonly Route[], options: { answersMethods: boolean }): Step {
  const isTemplated = (route: Route): boolean => route.template.includes(':');
  const literal = routerOf(
    prefix,
    routes.filter((route) => !isTemplated(route)),
  );
  const templated = routerOf(prefix, routes.filter(isTemplated));
  const literalRoutes = literal.routes();
  const literalMethods: Step = options.answersMethods ? allowedMethods(literal) : (_ctx, next) => next();
  const templatedRoutes = options.answersMethods ? chain(templated.routes(), allowedMethods(templated)) : templated.routes();
  // The literal router adds to `ctx.matched` the routes whose path matched, whatever their method
  // (after those of a door's notices, which ran first).
  return async (ctx, next) => {
    const before = ctx.matched?.length ?? 0;
    await literalRoutes(ctx, () => Promise.resolve((ctx.matched?.length ?? 0) > before ? literalMethods(ctx, next) : templatedRoutes(ctx, next)));
  };
}

/** A router of the routes under the prefix, each route's parameters given to the exchange before its first handler runs. */
function routerOf(prefix: string, routes: readonly Route[]): Router<ExchangeState> {
  const router = new Router<ExchangeState>({ prefix, methods: [...METHODS] });
  for (const { method, template, handlers } of routes) {
    const [first, ...rest] = handlers;
    const matched: Step = (ctx, next) => {
      const exchange = ctx.state.exchange;
      exchange.matched(ctx.params);
      return first ? first(exchange, next) : next();
    };
    DECLARE[method](router, template, [matched, ...rest.map(handlerStep)]);
  }
  return router;
}

/** How a route of each method is declared on the router. */
const DECLARE: Readonly<Record<RouteMethod, (router: Router<ExchangeState>, template: string, steps: Step[]) => void>> = {
  GET: (router, template, steps) => router.get(template, ...steps),
  POST: (router, template, steps) => router.post(template, ...steps),
  PUT: (router, template, steps) => router.put(template, ...steps),
  PATCH: (router, template, steps) => router.patch(template, ...steps),
  DELETE: (router, template, steps) => router.delete(template, ...steps),
};
