import { hash, randomUUID } from 'node:crypto';
import { createLogger } from '@petstore/runtime';
import type { Logger } from 'pino';
import { Counter, Histogram, Registry } from 'prom-client';

/**
 * The least a request meets in the service before and after its door, for the references L0 and
 * the peer stack (servers/l0.ts, servers/peer.ts), each framework adapting it in a few lines: a
 * request id, the bearer key's digest looked up in a map, a fixed-window budget per key counted in
 * memory, the security and RateLimit headers every answer carries, and on the way out one access
 * line (the gateway's logger and sink) and a prom-client counter and histogram.
 */
export interface LeanEnvelope {
  /** The request admitted or refused, with the headers of its answer either way. */
  admit(authorization: string | undefined): Admission;
  /** One access line, one count, one duration. */
  finish(admission: Admission, line: { method: string; path: string; route: string; status: number }): void;
  /** The envelope's own metrics (a registry per envelope, as the service keeps one per app). */
  readonly registry: Registry;
}

export interface LeanEnvelopeOptions {
  /** The one key the envelope knows. */
  apiKey: string;
  budget: Budget;
  /** Where access lines go: accessLogger() in a server under test. */
  logger: Logger;
}

export interface Admission {
  requestId: string;
  started: bigint;
  headers: Record<string, string>;
  /** Set when the request is refused: the status and JSON body to answer with. */
  refusal?: { status: 401 | 429; body: string };
}

export interface Budget {
  limit: number;
  windowSeconds: number;
}

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

const BEARER = /^Bearer ([^\s]+)$/i;
const digest = (key: string): string => hash('sha256', key, 'hex');
const problem = (status: number, code: string, message: string): string => JSON.stringify({ code, message, status });

export function leanEnvelope({ apiKey, budget, logger }: LeanEnvelopeOptions): LeanEnvelope {
  const keys = new Map([[digest(apiKey), 'key_bench']]);
  const windows = new Map<string, { endsAt: number; used: number }>();
  const registry = new Registry();
  const requests = new Counter({ name: 'http_requests_total', help: 'Requests answered.', labelNames: ['route', 'status'], registers: [registry] });
  const duration = new Histogram({ name: 'http_request_duration_seconds', help: 'Time to answer.', labelNames: ['route'], registers: [registry] });

  return {
    registry,

    admit(authorization) {
      const admission: Admission = { requestId: randomUUID(), started: process.hrtime.bigint(), headers: { ...SECURITY_HEADERS } };
      admission.headers['X-Request-Id'] = admission.requestId;
      const key = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
      const keyId = key === undefined ? undefined : keys.get(digest(key));
      if (keyId === undefined) {
        admission.headers['WWW-Authenticate'] = 'Bearer';
        admission.refusal = { status: 401, body: problem(401, 'unauthorized', 'missing or unknown API key') };
        return admission;
      }
      const now = Date.now();
      let window = windows.get(keyId);
      if (window === undefined || now >= window.endsAt) windows.set(keyId, (window = { endsAt: now + budget.windowSeconds * 1000, used: 0 }));
      window.used += 1;
      const remaining = Math.max(0, budget.limit - window.used);
      const reset = Math.ceil((window.endsAt - now) / 1000);
      Object.assign(admission.headers, {
        'RateLimit-Policy': `"per-key";q=${budget.limit};w=${budget.windowSeconds}`,
        RateLimit: `"per-key";r=${remaining};t=${reset}`,
        'RateLimit-Limit': String(budget.limit),
        'RateLimit-Remaining': String(remaining),
        'RateLimit-Reset': String(reset),
      });
      if (window.used > budget.limit) {
        admission.headers['Retry-After'] = String(reset);
        admission.refusal = { status: 429, body: problem(429, 'rate_limited', `retry in ${reset} s`) };
      }
      return admission;
    },

    finish(admission, { method, path, route, status }) {
      const seconds = Number(process.hrtime.bigint() - admission.started) / 1e9;
      requests.inc({ route, status: String(status) });
      duration.observe({ route }, seconds);
      logger.info({ requestId: admission.requestId, method, path, status, durationMs: Math.round(seconds * 1e6) / 1e3 }, 'request');
    },
  };
}

/** As the gateway's access log: the service's logger and sink, without redaction (the line holds no secret). */
export function accessLogger(): Logger {
  return createLogger({ LOG_LEVEL: 'info', PETSTORE_ENV: 'production' }).child({}, { redact: [] });
}

/** The budget the bench gives every server under test (start-target.ts), read as the gateway reads it. */
export function budgetFrom(env: Record<string, string | undefined>): Budget {
  return { limit: Number(env['PETSTORE_RATE_LIMIT'] ?? 60_000), windowSeconds: Number(env['PETSTORE_RATE_WINDOW_SECONDS'] ?? 60) };
}
