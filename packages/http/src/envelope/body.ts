import type { IncomingMessage } from 'node:http';
import { parse as parseContentType } from 'content-type';
import { DomainError } from '@petstore/domain';
import { HttpError } from '../http-error.js';
import { parseJsonText } from '../json-text.js';

/** The one size limit and the one deadline every door's request body is read under. */
export interface BodyLimits {
  maxBytes: number;
  /** Time allowed for the whole body to arrive, from when its reading starts. */
  timeoutMs: number;
}

/** PETSTORE_MAX_BODY_BYTES' and PETSTORE_BODY_TIMEOUT_SECONDS' defaults, for an exchange made without them. */
export const DEFAULT_BODY_LIMITS: BodyLimits = { maxBytes: 16 * 1024, timeoutMs: 10_000 };

/** The client went away before its request body was complete: counted and logged as 499, never as a failure of ours. */
export const CLIENT_CLOSED_STATUS = 499;

/** Whether the request says it has a body (a length above 0, or a chunked one). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Reads a JSON request body as text, with the checks a client deserves clear answers to:
 * 415 for another media type or any content coding, 413 past the size limit (declared or sent),
 * 408 when it does not arrive in time, 400 for an empty or non-UTF-8 body. A refusal is answered
 * at once (the exchange closes the connection), so the rest of a body is never read.
 */
export async function readBodyText(req: IncomingMessage, limits: BodyLimits): Promise<string> {
  if (!hasBody(req)) throw new DomainError('invalid_request', 'body: is required (a JSON object)');
  if (!isJsonMediaType(req.headers['content-type'])) throw new HttpError(415, 'unsupported_media_type', UNSUPPORTED_MEDIA_TYPE);
  // Decoding a compressed body would let a few kilobytes expand past the size limit; nothing here needs it.
  const coding = req.headers['content-encoding'];
  if (coding !== undefined && coding.trim().toLowerCase() !== 'identity') throw new HttpError(415, 'unsupported_media_type', UNSUPPORTED_CODING);
  const declared = Number(req.headers['content-length']);
  if (declared > limits.maxBytes) throw tooLarge(limits.maxBytes);
  const raw = await readLimited(req, limits);
  if (raw.length === 0) throw new DomainError('invalid_request', 'body: is required (a JSON object)');
  try {
    return STRICT_UTF8.decode(raw);
  } catch {
    throw new DomainError('invalid_request', 'body: is not valid UTF-8');
  }
}

/** JSON text a client sent (a body, a query parameter), every number read from its digits; 400 naming `field` when it is not JSON. */
export function parseJsonBody(text: string, field: string): unknown {
  try {
    return parseJsonText(text);
  } catch {
    throw new DomainError('invalid_request', `${field}: is not valid JSON`);
  }
}

/** One decoder for every body: without `stream`, each decode stands alone. */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

const UNSUPPORTED_MEDIA_TYPE =
  'body: Content-Type must be application/json, with no charset or charset=utf-8; other types, +json ones included, are refused';
const UNSUPPORTED_CODING = 'body: Content-Encoding must be identity (or absent): send the body uncompressed';

/**
 * application/json only. A +json type names another format built on JSON (a merge patch, a
 * problem report) whose meaning is not the one the operation takes, so it is not read as if it were.
 */
export function isJsonMediaType(header: string | undefined): boolean {
  if (header === undefined) return false;
  try {
    const { type, parameters } = parseContentType(header);
    const charset = parameters['charset'];
    return type === 'application/json' && (charset === undefined || charset.toLowerCase() === 'utf-8');
  } catch {
    return false;
  }
}

function tooLarge(maxBytes: number): DomainError {
  return new DomainError('payload_too_large', `body: must be at most ${maxBytes} bytes`);
}

function readLimited(req: IncomingMessage, limits: BodyLimits): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (error: Error | undefined, body?: Buffer): void => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('aborted', onGone);
      if (error === undefined) return resolve(body ?? Buffer.alloc(0));
      // Whatever is still on its way is not read: the answer closes the connection instead.
      req.pause();
      reject(error);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limits.maxBytes) settle(tooLarge(limits.maxBytes));
      else chunks.push(chunk);
    };
    const onEnd = (): void => settle(undefined, Buffer.concat(chunks, size));
    const onGone = (): void =>
      settle(new HttpError(CLIENT_CLOSED_STATUS, 'client_closed_request', 'the client closed the connection before its request body was complete'));
    const timer = setTimeout(
      () => settle(new HttpError(408, 'request_timeout', `body: did not arrive within ${limits.timeoutMs / 1000} s`)),
      limits.timeoutMs,
    );
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onGone);
    req.once('aborted', onGone);
  });
}
