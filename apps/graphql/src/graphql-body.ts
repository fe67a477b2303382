import type { Context } from 'koa';
import { isDomainError } from '@petstore/domain';
import { HttpError, readJsonBody } from '@petstore/http';
import { GRAPHQL_FAILURE_BY_CODE } from './domain-errors.js';
import { GraphqlHttpFailure } from './graphql-http-failure.js';

/**
 * Reads what Apollo needs from the request body. Only JSON bodies are read (within the size
 * limit); any other body is left to Apollo, which refuses it (CSRF prevention for the "simple"
 * content types a browser form can send, a 400 for the rest). Batches are bounded here so that
 * one request cannot carry unbounded operations.
 */
export async function readGraphqlBody(ctx: Context, maxBytes: number, maxBatch: number): Promise<unknown> {
  if (ctx.method !== 'POST' || !ctx.request.is('application/json', '+json')) return undefined;
  let body: unknown;
  try {
    body = await readJsonBody(ctx, maxBytes);
  } catch (error) {
    throw asHttpFailure(error);
  }
  if (Array.isArray(body) && body.length > maxBatch) {
    throw new GraphqlHttpFailure(400, 'BAD_REQUEST', `batch: at most ${maxBatch} operation${maxBatch === 1 ? ' is' : 's are'} allowed per request`);
  }
  return body;
}

/** A body that cannot be read is a bad HTTP request (Apollo's BAD_REQUEST), not bad input to a field. */
function asHttpFailure(error: unknown): unknown {
  if (isDomainError(error) && error.code === 'payload_too_large') {
    const { status = 413, code } = GRAPHQL_FAILURE_BY_CODE.payload_too_large;
    return new GraphqlHttpFailure(status, code, error.message);
  }
  if (isDomainError(error)) return new GraphqlHttpFailure(400, 'BAD_REQUEST', error.message);
  if (error instanceof HttpError) return new GraphqlHttpFailure(error.status, error.code.toUpperCase(), error.message);
  return error;
}
