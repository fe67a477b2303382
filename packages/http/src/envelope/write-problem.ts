import type { IncomingMessage } from 'node:http';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { requestReport } from '../observability/request-report.js';
import { toHttpProblem, type HttpProblem } from '../problem.js';

/** A door's way to put a problem in its own response shape; status and headers are the writer's. */
export type ProblemBody = (problem: HttpProblem) => unknown;

/** The contract's Error body, REST's shape and the default. */
export const errorBodyOf: ProblemBody = (problem) => problem.body;

/**
 * The one error writer of every door: the status, the headers the failure implies
 * (WWW-Authenticate on 401, Retry-After on 429/503, RateLimit once charged), the body in the
 * door's shape, and one log line for what nobody raised on purpose, which is never shown.
 */
export function writeProblem(ctx: Context, error: unknown, logger: Logger, shape: ProblemBody = errorBodyOf): void {
  const problem = toHttpProblem(error);
  if (problem.unexpected) logUnexpected(logger, error, ctx.req, { path: ctx.path, method: ctx.method });
  requestReport(ctx.req).errorCode = problem.body.code;
  ctx.status = problem.body.status;
  ctx.set(problem.headers);
  // Refused before its body was read: closing beats reading (or waiting for) the rest of it.
  if (!ctx.req.complete) ctx.set('Connection', 'close');
  ctx.body = shape(problem);
}

/**
 * The one log line, at error, for a failure nobody raised on purpose, with its cause and the
 * request's id: every door masks such a failure as "internal error" and logs it through here.
 */
export function logUnexpected(logger: Logger, error: unknown, req: IncomingMessage | undefined, detail: Record<string, unknown> = {}): void {
  logger.error({ err: error, ...(req && { requestId: requestReport(req).requestId }), ...detail }, 'unexpected error');
}
