import type { RequestTracer } from '@petstore/telemetry';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { BodyLimits } from '../envelope/body.js';
import { writeProblem } from '../envelope/write-problem.js';
import { HttpError } from '../http-error.js';
import { describeStatus } from '../error-status.js';
import type { HeaderList } from '../exchange/answer-head.js';
import { Exchange, type ExchangeState } from '../exchange/exchange.js';

import { accessLogger } from './access-log.js';
import { clientAddress, TRUST_NO_PROXY, type TrustedProxies } from './client-address.js';
import { corsPolicy } from './cors.js';
import type { CallMeter } from './metered-calls.js';
import { METRICS_PATH, serveMetrics } from './metrics-endpoint.js';
import type { PetstoreMetrics } from './metrics.js';
import { acceptRequestId } from './request-id.js';
import { securityHeaders } from './security-headers.js';

/** The answer to a request no door or route answered. */
const NOT_FOUND = new HttpError(404, 'not_found', describeStatus(404).message);

export interface HttpShellOptions {
  logger: Logger;
  metrics: PetstoreMetrics;
  /** Counts each key's calls of the pet doors, in memory, for the usage buckets (docs/usage.md). */
  usage: CallMeter;
  /** Exact origins allowed to call from a browser whatever the key (PETSTORE_CORS_ORIGINS); empty for none. */
  corsOrigins: readonly string[];
  /** The doors' prefixes where browser keys are accepted, whose CORS follows the keys (see corsPolicy); none when absent. */
  browserKeyDoors?: readonly string[];
  /** Prefixes no other origin may call, such as the management API's: no CORS there at all. */
  sameOriginOnly?: readonly string[];
  /** Whether the public address is https, for Strict-Transport-Security. */
  https: boolean;
  /** When set, /metrics asks for `Authorization: Bearer <token>`. */
  metricsToken?: string | undefined;
  /** Traces every request when tracing is on; absent, tracing costs a request nothing. */
  tracer?: RequestTracer | undefined;
  /** False when /metrics is served on a port of its own (metricsListener) and not on this one. */
  publicMetrics?: boolean;
  /** The proxies whose X-Forwarded-For entries are believed (PETSTORE_TRUST_PROXY); none by default. */
  trustedProxies?: TrustedProxies;
  /** What every request's body is read under (PETSTORE_MAX_BODY_BYTES, PETSTORE_BODY_TIMEOUT_SECONDS); their defaults when absent. */
  bodyLimits?: BodyLimits;
}

export interface HttpShell {
  /** The outermost middleware of every app: it makes each request's exchange. */
  middleware: Middleware<ExchangeState>;
  /**
   * Shutdown has begun: every answer not yet sent, and every later one, says `Connection: close`,
   * so keep-alive clients reconnect elsewhere instead of sending to a server that is going away.
   */
  drain(): void;
}

/**
 * What every request gets whichever door serves it, as the outermost middleware so that no door
 * can forget it: its exchange (request id, client address, trace), the standard headers, CORS,
 * /metrics, and on the way out one access-log line and the request metrics. Koa routes; the
 * exchange writes every answer (Koa's own response handling is off for all of them, here, the one
 * place that says so). A request no step answered is 404, and whatever a step throws that no door
 * answered becomes the contract's Error body, both through the same writer.
 */
export function createHttpShell(options: HttpShellOptions): HttpShell {
  const cors = corsPolicy({ origins: options.corsOrigins, browserKeyDoors: options.browserKeyDoors, sameOriginOnly: options.sameOriginOnly });
  const security = Object.entries(securityHeaders({ https: options.https })).flat();
  const finish = accessLogger(options.logger, options.metrics, options.usage);
  let draining = false;
  const isDraining = (): boolean => draining;
  const middleware: Middleware<ExchangeState> = async (ctx, next) => {
    const started = process.hrtime.bigint();
    ctx.respond = false;
    const { req, res } = ctx;
    const requestId = acceptRequestId(req.headers['x-request-id']);
    const crossOrigin = cors.decide(req, ctx.path);
    const standardHeaders: HeaderList = ['X-Request-Id', requestId, ...security, ...crossOrigin.headers];
    const trace = options.tracer?.start(req);
    const exchange = new Exchange(req, res, {
      requestId,
      clientAddress: clientAddress(req, options.trustedProxies ?? TRUST_NO_PROXY),
      trace,
      standardHeaders,
      draining: isDraining,
      judgedByKey: crossOrigin.byKey,
      bodyLimits: options.bodyLimits,
    });
    ctx.state.exchange = exchange;
    options.metrics.inFlight.inc();
    res.once('close', () => {
      options.metrics.inFlight.dec();
      finish(exchange, Number(process.hrtime.bigint() - started) / 1e9);
    });
    const preflight = crossOrigin.preflight;
    if (preflight) {
      exchange.operation('ops', 'preflight');
      return exchange.send(204, preflight);
    }
    if (options.publicMetrics !== false && ctx.path === METRICS_PATH) {
      exchange.operation('ops', 'metrics');
      return serveMetrics(req, (status, headers, body) => exchange.send(status, headers, body), options, requestId);
    }
    try {
      // The request's span is current for all the app does, so the doors' and the driver's spans nest under it.
      await (trace ? trace.within(next) : next());
      if (exchange.answered === undefined) writeProblem(exchange, NOT_FOUND, options.logger);
    } catch (error) {
      writeProblem(exchange, error, options.logger);
    }
  };
  return {
    middleware,
    drain() {
      draining = true;
    },
  };
}
