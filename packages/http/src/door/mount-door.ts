import type Koa from 'koa';
import type { DefaultContext, Middleware, ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import type { Envelope } from '../envelope/envelope.js';
import { errorShape, writeProblem, type ProblemShape } from '../envelope/write-problem.js';
import type { Door, ExchangeState } from '../exchange/exchange.js';
import { chain, underPrefix } from './under-prefix.js';

export interface DoorMount<Ctx = DefaultContext> {
  door: Door;
  /** Where the door is served: `/v1`, `/graphql`, `/trpc` (the path itself and every path under it). */
  prefix: string;
  /** The door's own work: its routers, or one middleware. A request none of it answers falls through. */
  routes: Array<Middleware<ExchangeState, Ctx>>;
  /**
   * Steps that run before the key check and may only add headers to whatever the answer will be,
   * refusals included (a deprecated operation's notice); they never refuse or answer.
   */
  notices?: Array<Middleware<ExchangeState, Ctx>>;
  /** Requests under the prefix that need no key: the published documents, a landing page. */
  isPublic?: (ctx: ParameterizedContext<ExchangeState, Ctx>) => boolean;
  /** How the door spells a refusal (REST's Error body by default). */
  problem?: ProblemShape;
}

/** What mounting a door needs from the process. */
export interface MountDeps {
  envelope: Envelope;
  logger: Logger;
}

/**
 * The one way a door is mounted: under its prefix, the key is checked first, before anything else
 * may refuse the request (an unknown procedure, a method a route lacks, a batch too large), so no
 * part of a door can be probed without a key; then the door's own work. Whatever the door or the
 * envelope throws is answered here, in the door's shape, through the one writer, with the caller's
 * RateLimit standing once the key is known. Other paths pass on at once.
 */
export function mountDoor<Ctx = DefaultContext>(app: Koa<ExchangeState>, deps: MountDeps, mount: DoorMount<Ctx>): void {
  const { envelope, logger } = deps;
  const shape = mount.problem ?? errorShape;
  const routes = chain(...mount.routes);
  const notices = chain(...(mount.notices ?? []));
  app.use(
    underPrefix(mount.prefix, async (ctx: ParameterizedContext<ExchangeState, Ctx>, next: () => Promise<unknown>) => {
      const exchange = ctx.state.exchange;
      exchange.claim(mount.door);
      await notices(ctx, () => Promise.resolve());
      try {
        if (!mount.isPublic?.(ctx)) await envelope.checkKey(exchange);
        await routes(ctx, next);
        if (exchange.answered === undefined) await envelope.showStanding(exchange);
      } catch (error) {
        await envelope.showStanding(exchange);
        writeProblem(exchange, error, logger, (problem) => shape(problem, exchange));
      }
    }),
  );
}
