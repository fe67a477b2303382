import type { IncomingMessage } from 'node:http';

/**
 * The request's `Idempotency-Key` header as sent. Present but empty stays '' so the domain
 * refuses it as a bad key (400) rather than treating it as absent, at every door alike.
 */
export function idempotencyKeyOf(req: IncomingMessage): string | undefined {
  const value = req.headers['idempotency-key'];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * An id that arrives as text (a REST path segment, a GraphQL ID): digits become a number and
 * anything else goes to the domain as is, so its rule message names the field.
 */
export function idFromText(text: string): number | string {
  return /^\d{1,16}$/.test(text) ? Number(text) : text;
}
