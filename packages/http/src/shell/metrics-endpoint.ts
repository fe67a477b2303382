import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, RequestListener } from 'node:http';
import type { Logger } from 'pino';
import { errorBody } from '../error-body.js';
import type { HeaderList } from '../exchange/answer-head.js';
import type { PetstoreMetrics } from './metrics.js';

export const METRICS_PATH = '/metrics';

export interface MetricsEndpointOptions {
  logger: Logger;
  metrics: PetstoreMetrics;
  /** When set, /metrics asks for `Authorization: Bearer <token>`. */
  metricsToken?: string | undefined;
}

type Send = (status: number, headers: HeaderList, body?: string) => void;

const JSON_TYPE = ['Content-Type', 'application/json; charset=utf-8'];

/** GET /metrics, answered through `send`: the exchange's writer on the public port, a plain one on the metrics port. */
export async function serveMetrics(req: IncomingMessage, send: Send, options: MetricsEndpointOptions, requestId?: string): Promise<void> {
  const refuse = (status: number, code: string, message: string, headers: HeaderList = []): void =>
    send(status, [...JSON_TYPE, ...headers], JSON.stringify(errorBody(status, code, message)));
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return refuse(405, 'method_not_allowed', 'this method is not allowed on this resource', ['Allow', 'GET, HEAD']);
  if (options.metricsToken !== undefined && !sameSecret(req.headers.authorization, `Bearer ${options.metricsToken}`)) {
    return refuse(401, 'unauthorized', 'the metrics need the PETSTORE_METRICS_TOKEN bearer token', [
      'WWW-Authenticate',
      'Bearer realm="petstore-metrics"',
    ]);
  }
  try {
    send(200, ['Content-Type', options.metrics.contentType], await options.metrics.render());
  } catch (error) {
    options.logger.error({ err: error, requestId }, 'metrics could not be rendered');
    refuse(500, 'internal_error', 'internal error');
  }
}

/** The listener of an internal metrics port: GET /metrics and nothing else. */
export function metricsListener(options: MetricsEndpointOptions): RequestListener {
  return (req, res) => {
    const send: Send = (status, headers, body) => {
      res.writeHead(status, [...headers, 'Cache-Control', 'no-store', 'Content-Length', body === undefined ? 0 : Buffer.byteLength(body)]);
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (pathOf(req) === METRICS_PATH) return void serveMetrics(req, send, options);
    send(404, JSON_TYPE, JSON.stringify(errorBody(404, 'not_found', 'this port serves /metrics only')));
  };
}

/** Compares digests, so the time taken says nothing about how much of the token was right. */
function sameSecret(given: string | undefined, expected: string): boolean {
  const digest = (text: string): Buffer => createHash('sha256').update(text).digest();
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
