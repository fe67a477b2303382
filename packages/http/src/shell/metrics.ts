import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import type { Exchange } from '../exchange/exchange.js';
import { LAG_FIGURES, lagMetricName, registerEventLoopLag } from './event-loop-lag.js';

/**
 * prom-client samples the loop's delay with a histogram of its own that it offers no way to leave
 * out (prometheus/client_js#623; the `exclude` option of #689 is not released): its gauges are
 * replaced by event-loop-lag.ts's, and its timer set to tick once a day so that it wakes nobody.
 */
const PROM_CLIENT_LAG_SAMPLE_MS = 86_400_000;

/** What the metrics count of a request: its exchange, or what stands for one (a request refused before it was parsed). */
export type ObservedRequest = Pick<Exchange, 'door' | 'operationLabel' | 'deprecatedCalls' | 'keyId'>;

/**
 * The service's Prometheus metrics, in a registry of their own rather than prom-client's global
 * one, so that every app built in one process (tests build many) counts only its own requests.
 */
export class PetstoreMetrics {
  readonly registry = new Registry();

  readonly requests = new Counter({
    name: 'petstore_http_requests_total',
    help: 'HTTP requests answered, by door, operation and status code.',
    labelNames: ['door', 'operation', 'status'] as const,
    registers: [this.registry],
  });

  readonly duration = new Histogram({
    name: 'petstore_http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer, by door and operation.',
    labelNames: ['door', 'operation'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly inFlight = new Gauge({
    name: 'petstore_http_requests_in_flight',
    help: 'Requests received and not yet answered.',
    registers: [this.registry],
  });

  readonly databaseErrors = new Counter({
    name: 'petstore_database_errors_total',
    help: 'Store operations that failed because of the database (code service_unavailable or internal_error), by operation.',
    labelNames: ['operation', 'code'] as const,
    registers: [this.registry],
  });

  readonly deprecatedCalls = new Counter({
    name: 'petstore_deprecated_calls_total',
    help: 'Authenticated calls of the deprecated get-one-pet read (removed 2030-12-05), by door and API key id.',
    labelNames: ['door', 'key_id'] as const,
    registers: [this.registry],
  });

  readonly usageDropped = new Counter({
    name: 'petstore_usage_dropped_calls_total',
    help: 'Metered calls not kept for the usage buckets: more keys in an hour, or more buckets waiting for a failing database, than the meter holds.',
    registers: [this.registry],
  });

  readonly usageFlushFailures = new Counter({
    name: 'petstore_usage_flush_failures_total',
    help: 'Usage flushes that failed (their counts are kept for the next flush), and prunes of old buckets that failed.',
    labelNames: ['step'] as const,
    registers: [this.registry],
  });

  constructor(options: { processMetrics?: boolean } = {}) {
    if (!(options.processMetrics ?? true)) return;
    // CPU, memory, event-loop lag and GC of this process, under the usual process_/nodejs_ names;
    // the lag's figures from event-loop-lag.ts.
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: PROM_CLIENT_LAG_SAMPLE_MS });
    for (const figure of LAG_FIGURES) this.registry.removeSingleMetric(lagMetricName(figure));
    registerEventLoopLag(this.registry);
  }

  /** Counts one answered request from what its door reported. */
  observe(exchange: ObservedRequest, status: number, seconds: number): void {
    const door = exchange.door ?? 'none';
    const operation = exchange.operationLabel;
    this.requests.inc({ door, operation, status: String(status) });
    this.duration.observe({ door, operation }, seconds);
    if (exchange.deprecatedCalls > 0 && exchange.keyId !== undefined) {
      this.deprecatedCalls.inc({ door, key_id: exchange.keyId }, exchange.deprecatedCalls);
    }
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
