import { randomUUID } from 'node:crypto';

const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The id a request is known by in logs and in its `X-Request-Id` answer: the caller's own (from a
 * load balancer or a client that retries), when it is short and plain enough to log safely;
 * otherwise a new one, so a hostile header can neither forge log lines nor bloat them.
 */
export function acceptRequestId(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? undefined : header;
  return given !== undefined && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}
