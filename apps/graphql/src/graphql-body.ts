import type { ParameterizedContext } from 'koa';
import { DomainError } from '@petstore/domain';
import type { Envelope, ExchangeState } from '@petstore/http';

/**
 * Reads what Apollo needs from the request body. Only JSON bodies are read (under the envelope's
 * size limit and deadline); any other body is left to Apollo, which refuses it (CSRF prevention
 * for the "simple" content types a browser form can send, a 400 for the rest). Batches are
 * bounded here so that one request cannot carry unbounded operations.
 */
export async function readGraphqlBody(ctx: ParameterizedContext<ExchangeState>, envelope: Envelope, maxBatch: number): Promise<unknown> {
  if (ctx.method !== 'POST' || !ctx.request.is('application/json', '+json')) return undefined;
  const body = await envelope.readJson(ctx.state.exchange);
  if (Array.isArray(body) && body.length > maxBatch) {
    throw new DomainError('invalid_request', `batch: at most ${maxBatch} operation${maxBatch === 1 ? ' is' : 's are'} allowed per request`);
  }
  return body;
}
