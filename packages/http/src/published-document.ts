import { createHash } from 'node:crypto';
import type { Handler } from './door/handler.js';

/**
 * Answers GET (and HEAD) with a document fixed at start-up, such as the OpenAPI document or the
 * GraphQL SDL, through the exchange's writer. The strong ETag is a hash of the bytes, so a client
 * that sends it back in If-None-Match gets a bodiless 304 until a deployment changes the document.
 * `no-cache` lets caches keep it but makes them ask each time, so a new deployment is seen at once.
 */
export function publishedDocument(body: string, type: string): Handler {
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  const validators = ['ETag', etag, 'Cache-Control', 'no-cache'];
  const whole = [...validators, 'Content-Type', type];
  return (exchange) => {
    if (ifNoneMatchHits(exchange.header('if-none-match') ?? '', etag)) exchange.send(304, validators);
    else exchange.send(200, whole, body);
  };
}

/**
 * RFC 9110 §13.1.2: `*` or any listed tag equal under weak comparison. Written here rather than
 * Koa's `ctx.fresh`, which answers in full whenever the request says `Cache-Control: no-cache`;
 * fetch() adds that header to every conditional request, so no fetch client would get a 304.
 */
export function ifNoneMatchHits(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}
