import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { errorBody } from './error-body.js';
import { describeStatus } from './error-status.js';
import { writeProblem } from './envelope/write-problem.js';

/**
 * Outermost middleware of every HTTP door: whatever goes wrong below, the client gets the
 * contract's JSON Error body, and unexpected errors are logged here and masked.
 */
export function errorEnvelope(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.respond !== false && ctx.status >= 400 && (ctx.body === undefined || ctx.body === null)) {
        // Statuses set without a body by Koa or the router: 404 for unknown routes, 405, 501.
        // (A door that wrote the raw response itself, like tRPC, has set ctx.respond = false.)
        const status = ctx.status;
        const described = describeStatus(status);
        // Koa would turn an implicit 404 into 200 on assigning a body; make the status explicit first.
        ctx.status = status;
        ctx.body = errorBody(status, described.code, described.message);
      }
    } catch (error) {
      writeProblem(ctx, error, logger);
    }
  };
}
