import type { Logger } from 'pino';
import type { Exchange } from '../exchange/exchange.js';
import { stringifyJson } from '../json-text.js';
import { toHttpProblem, type HttpProblem } from '../problem.js';

/** How a door spells a refusal: its body and, where the client may negotiate it, the media type. */
export interface ProblemAnswer {
  contentType: string;
  body: unknown;
}

/** A door's way to put a problem in its own response shape; status and headers are the writer's. */
export type ProblemShape = (problem: HttpProblem, exchange: Exchange) => ProblemAnswer;

const JSON_TYPE = 'application/json; charset=utf-8';

/** The contract's Error body, REST's shape and the default. */
export const errorShape: ProblemShape = (problem) => ({ contentType: JSON_TYPE, body: problem.body });

/**
 * The one error writer of every door: the status, the headers the failure implies
 * (WWW-Authenticate on 401, Retry-After on 429/503, Allow on 405), the body in the door's shape,
 * all sent through the exchange (which adds the RateLimit standing), and one log line for what
 * nobody raised on purpose, which is never shown. A failure after the answer went out is only logged.
 */
export function writeProblem(exchange: Exchange, error: unknown, logger: Logger, shape: ProblemShape = errorShape): void {
  const problem = toHttpProblem(error);
  if (problem.unexpected) logUnexpected(logger, error, exchange, { path: exchange.path, method: exchange.method });
  if (exchange.answered !== undefined) return;
  exchange.refused(problem.body.code);
  const { contentType, body } = shape(problem, exchange);
  const headers = ['Content-Type', contentType];
  for (const [name, value] of Object.entries(problem.headers)) headers.push(name, value);
  exchange.send(problem.body.status, headers, stringifyJson(body));
}

/**
 * The one log line, at error, for a failure nobody raised on purpose, with its cause and the
 * request's id: every door masks such a failure as "internal error" and logs it through here.
 */
export function logUnexpected(logger: Logger, error: unknown, exchange: Exchange | undefined, detail: Record<string, unknown> = {}): void {
  logger.error({ err: error, ...(exchange && { requestId: exchange.requestId }), ...detail }, 'unexpected error');
}
