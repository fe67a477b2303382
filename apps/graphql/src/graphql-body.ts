import { DomainError } from '@petstore/domain';
import type { Exchange } from '@petstore/http';

/**
 * Reads what Apollo needs from the request body. Only JSON bodies are read (under the exchange's
 * size limit and deadline, which refuse a +json type); any other body is left to Apollo, which
 * refuses it (CSRF prevention for the "simple" content types a browser form can send, a 400 for
 * the rest). Batches are bounded here so that one request cannot carry unbounded operations.
 */
export async function readGraphqlBody(exchange: Exchange, maxBatch: number): Promise<unknown> {
  if (exchange.method !== 'POST' || !exchange.hasBody || !isJsonFamily(exchange.mediaType)) return undefined;
  const body = await exchange.json();
  if (Array.isArray(body) && body.length > maxBatch) {
    throw new DomainError('invalid_request', `batch: at most ${maxBatch} operation${maxBatch === 1 ? ' is' : 's are'} allowed per request`);
  }
  return body;
}

/** application/json or a +json type: what the door reads as JSON (and refuses, for a +json type, with 415) rather than leave to Apollo. */
function isJsonFamily(mediaType: string | undefined): boolean {
  return mediaType === 'application/json' || (mediaType?.endsWith('+json') ?? false);
}
