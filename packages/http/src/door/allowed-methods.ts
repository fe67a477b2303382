import type Router from '@koa/router';
import type { RouterContext, RouterMiddleware } from '@koa/router';
import { describeStatus } from '../error-status.js';
import type { ExchangeState } from '../exchange/exchange.js';
import { HttpError } from '../http-error.js';

/** What the router throws for a method its routes on a path lack; the Allow header is staged when it is caught. */
class MethodRefused extends HttpError {}

const methodNotAllowed = (): Error => new MethodRefused(405, 'method_not_allowed', describeStatus(405).message);
// A router lists every method Node knows (`methods`), so this is a backstop: the router's default would be a bare 500 here.
const notImplemented = (): Error => new MethodRefused(501, 'not_implemented', describeStatus(501).message);

/**
 * A router's answers for a path it has routes on but not for the request's method, through the
 * exchange's writer: 405 thrown by the router's documented `allowedMethods({ throw: true })`, so
 * the router never writes to the response itself, answered by the door's mount like any refusal,
 * with `Allow` staged on the exchange from the routes that matched the path (`ctx.matched`, as
 * the router computes it); and OPTIONS, 200 with `Allow` and no body, as the router answers it.
 */
export function allowedMethods(router: Router<ExchangeState>): RouterMiddleware<ExchangeState> {
  const refuse = router.allowedMethods({ throw: true, methodNotAllowed, notImplemented });
  return async (ctx, next) => {
    const exchange = ctx.state.exchange;
    if (ctx.method === 'OPTIONS') {
      await next();
      const allow = allowOf(ctx);
      if (allow !== '' && exchange.answered === undefined) exchange.send(200, ['Content-Type', 'text/plain; charset=utf-8', 'Allow', allow], '');
      return;
    }
    try {
      await refuse(ctx, next);
    } catch (error) {
      if (error instanceof MethodRefused) exchange.stageHeader('Allow', allowOf(ctx));
      throw error;
    }
  };
}

/** Every method of the routes that matched the request's path, in the order they were declared. */
function allowOf(ctx: RouterContext<ExchangeState>): string {
  const methods = new Set<string>();
  for (const layer of ctx.matched ?? []) for (const method of layer.methods) methods.add(method);
  return [...methods].join(', ');
}
