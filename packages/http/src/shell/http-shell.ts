import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { RequestTracer } from '@petstore/telemetry';
import type { Logger } from 'pino';
import { errorBody } from '../error-body.js';
import { corsPolicy } from './cors.js';
import type { PetstoreMetrics } from './metrics.js';
import { requestReport, type RequestReport } from './request-report.js';
import { requestSummary } from './request-tracing.js';
import { securityHeaders } from './security-headers.js';
import { addsStandardHeaders } from './service-response.js';

export const METRICS_PATH = '/metrics';

export interface HttpShellOptions {
  logger: Logger;
  metrics: PetstoreMetrics;
  /** Exact origins allowed to call from a browser; empty for none. */
  corsOrigins: readonly string[];
  /** Whether the public address is https, for Strict-Transport-Security. */
  https: boolean;
  /** When set, /metrics asks for `Authorization: Bearer <token>`. */
  metricsToken?: string | undefined;
  /** Traces every request when tracing is on; absent, tracing costs a request nothing. */
  tracer?: RequestTracer | undefined;
  /** False when /metrics is served on a port of its own (metricsListener) and not on this one. */
  publicMetrics?: boolean;
  /** Believe the last X-Forwarded-For address: the service runs behind a load balancer that appends it. */
  trustProxy?: boolean;
}

export interface HttpShell extends RequestListener {
  /**
   * Shutdown has begun: every answer not yet sent, and every later one, says `Connection: close`,
   * so keep-alive clients reconnect elsewhere instead of sending to a server that is going away.
   */
  drain(): void;
}

/**
 * What every request gets whichever door serves it, wrapped around the whole app so that no
 * door can forget it: a request id, security and CORS headers, `Connection: close` while shutting
 * down, /metrics, and on the way out one access-log line and the request metrics.
 */
export function httpShell(app: RequestListener, options: HttpShellOptions): HttpShell {
  const cors = corsPolicy(options.corsOrigins);
  const headers = Object.entries(securityHeaders({ https: options.https }));
  const headerList = headers.flat();
  // Every field of the access line is the shell's own choice, none a secret: redaction would only cost time.
  const accessLog = options.logger.child({}, { redact: [] });
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  const shell = (req: IncomingMessage, res: ServerResponse): void => {
    const started = process.hrtime.bigint();
    const report = requestReport(req);
    report.clientAddress = clientAddress(req, options.trustProxy === true);
    if (options.tracer) report.trace = options.tracer.start(req);
    inFlight.add(res);
    options.metrics.inFlight.inc();
    res.once('close', () => {
      inFlight.delete(res);
      options.metrics.inFlight.dec();
      finish(options, accessLog, req, res, report, Number(process.hrtime.bigint() - started) / 1e9);
    });
    if (addsStandardHeaders(res)) res.standardHeaders = ['X-Request-Id', report.requestId, ...headerList];
    else {
      res.setHeader('X-Request-Id', report.requestId);
      for (const [name, value] of headers) res.setHeader(name, value);
    }
    if (draining) res.setHeader('Connection', 'close');
    if (cors.apply(req, res)) return report.operation('ops', 'preflight');
    if (options.publicMetrics !== false && pathOf(req) === METRICS_PATH) return void serveMetrics(req, res, report, options);
    // The request's span is current for all the app does, so the doors' and the driver's spans nest under it.
    if (report.trace) report.trace.within(() => app(req, res));
    else app(req, res);
  };
  return Object.assign(shell, {
    drain(): void {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    },
  });
}

function finish(
  options: HttpShellOptions,
  accessLog: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  report: RequestReport,
  seconds: number,
): void {
  // A client that went away before the answer was complete: 499 is the usual name for it.
  const status = res.writableFinished ? res.statusCode : 499;
  options.metrics.observe(report, status, seconds);
  const path = pathOf(req);
  const trace = report.trace;
  if (trace) trace.end(requestSummary(report, req, path, status));
  // Method, path, outcome and timing only: never headers (keys), query strings or bodies.
  const line: AccessLine = {
    requestId: report.requestId,
    door: report.door ?? 'none',
    operation: report.operationLabel,
    method: req.method,
    path,
    status,
    durationMs: Math.round(seconds * 1e6) / 1e3,
  };
  if (trace) {
    line.traceId = trace.traceId;
    line.spanId = trace.spanId;
  }
  if (report.keyId !== undefined) line.keyId = report.keyId;
  if (status >= 500) accessLog.warn(line, 'request');
  else accessLog.info(line, 'request');
}

interface AccessLine {
  requestId: string;
  door: string;
  operation: string;
  method: string | undefined;
  path: string;
  status: number;
  durationMs: number;
  traceId?: string;
  spanId?: string;
  keyId?: string;
}

type MetricsOptions = Pick<HttpShellOptions, 'logger' | 'metrics' | 'metricsToken'>;

/** The listener of an internal metrics port: GET /metrics and nothing else. */
export function metricsListener(options: MetricsOptions): RequestListener {
  return (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (pathOf(req) === METRICS_PATH) return void serveMetrics(req, res, requestReport(req), options);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    sendJson(res, 404, 'not_found', 'this port serves /metrics only');
  };
}

async function serveMetrics(req: IncomingMessage, res: ServerResponse, report: RequestReport, options: MetricsOptions): Promise<void> {
  report.operation('ops', 'metrics');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return sendJson(res, 405, 'method_not_allowed', 'this method is not allowed on this resource');
  }
  if (options.metricsToken !== undefined && !sameSecret(req.headers.authorization, `Bearer ${options.metricsToken}`)) {
    res.setHeader('WWW-Authenticate', 'Bearer realm="petstore-metrics"');
    return sendJson(res, 401, 'unauthorized', 'the metrics need the PETSTORE_METRICS_TOKEN bearer token');
  }
  try {
    const text = await options.metrics.render();
    res.setHeader('Content-Type', options.metrics.contentType);
    res.end(req.method === 'HEAD' ? undefined : text);
  } catch (error) {
    options.logger.error({ err: error, requestId: report.requestId }, 'metrics could not be rendered');
    sendJson(res, 500, 'internal_error', 'internal error');
  }
}

function sendJson(res: ServerResponse, status: number, code: string, message: string): void {
  res.statusCode = status;
  res.end(JSON.stringify(errorBody(status, code, message)));
}

/** Compares digests, so the time taken says nothing about how much of the token was right. */
function sameSecret(given: string | undefined, expected: string): boolean {
  const digest = (text: string): Buffer => createHash('sha256').update(text).digest();
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

/**
 * The peer's address, or behind a trusted load balancer the last X-Forwarded-For entry: the one
 * the balancer itself appended. Earlier entries are whatever the client chose to send.
 */
function clientAddress(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const header = trustProxy ? req.headers['x-forwarded-for'] : undefined;
  const forwarded = Array.isArray(header) ? header.join(',') : header;
  const last = forwarded?.slice(forwarded.lastIndexOf(',') + 1).trim();
  return last || req.socket.remoteAddress;
}

function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
