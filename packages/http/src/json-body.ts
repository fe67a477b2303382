import type { Context } from 'koa';
import { DomainError } from '@petstore/domain';
import { HttpError } from './http-error.js';
import { parseJsonText } from './json-text.js';

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

/**
 * Reads a JSON request body with the checks a client deserves clear answers to:
 * 415 for another media type, 413 past the size limit, 400 for an empty or malformed body.
 * The parsed value is untyped: the domain schemas decide whether it is a valid NewPet.
 */
export async function readJsonBody(ctx: Context, maxBytes: number = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
  const declaredLength = ctx.request.length;
  const hasBody = (declaredLength !== undefined && declaredLength > 0) || ctx.get('Transfer-Encoding') !== '';
  if (!hasBody) throw new DomainError('invalid_request', 'body: is required (a JSON object)');
  if (!isJsonMediaType(ctx)) {
    throw new HttpError(415, 'unsupported_media_type', UNSUPPORTED_MEDIA_TYPE);
  }
  if (declaredLength !== undefined && declaredLength > maxBytes) throw tooLarge(maxBytes);

  const raw = await readLimited(ctx, maxBytes);
  if (raw.length === 0) throw new DomainError('invalid_request', 'body: is required (a JSON object)');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new DomainError('invalid_request', 'body: is not valid UTF-8');
  }
  try {
    return parseJsonText(text);
  } catch {
    throw new DomainError('invalid_request', 'body: is not valid JSON');
  }
}

const UNSUPPORTED_MEDIA_TYPE =
  'body: Content-Type must be application/json, with no charset or charset=utf-8; other types, +json ones included, are refused';

/**
 * application/json only. A +json type names another format built on JSON (a merge patch, a
 * problem report) whose meaning is not the one the operation takes, so it is not read as if it were.
 */
function isJsonMediaType(ctx: Context): boolean {
  if (ctx.request.is('application/json') === false) return false;
  const charset = ctx.request.charset;
  return charset === '' || charset.toLowerCase() === 'utf-8';
}

function tooLarge(maxBytes: number): DomainError {
  return new DomainError('payload_too_large', `body: must be at most ${maxBytes} bytes`);
}

async function readLimited(ctx: Context, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      // The rest of the body is not read; close the connection rather than drain it.
      ctx.set('Connection', 'close');
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
