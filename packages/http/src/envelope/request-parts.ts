import type { IncomingMessage } from 'node:http';

/**
 * The request's `Idempotency-Key` header as sent. Present but empty stays '' so the domain
 * refuses it as a bad key (400) rather than treating it as absent, at every door alike.
 */
export function idempotencyKeyOf(req: IncomingMessage): string | undefined {
  const value = req.headers['idempotency-key'];
  return Array.isArray(value) ? value.join(', ') : value;
}
