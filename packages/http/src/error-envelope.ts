import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { errorBody } from './error-body.js';
import { describeStatus } from './error-status.js';
import { requestReport } from './observability/request-report.js';
import { toHttpProblem } from './problem.js';

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
      const problem = toHttpProblem(error);
      if (problem.unexpected) logger.error({ err: error, requestId: requestReport(ctx.req).requestId, path: ctx.path, method: ctx.method }, 'unexpected error');
      ctx.status = problem.body.status;
      ctx.set(problem.headers);
      ctx.body = problem.body;
    }
  };
}
