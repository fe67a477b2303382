import type { Logger } from 'pino';
import type { Exchange } from '../exchange/exchange.js';
import { meterCalls, type CallMeter } from './metered-calls.js';
import type { PetstoreMetrics } from './metrics.js';
import { requestSummary } from './request-summary.js';

interface AccessLine {
  requestId: string;
  door: string;
  operation: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  traceId?: string;
  spanId?: string;
  keyId?: string;
}

/** What is recorded of every request when its connection is done with it: metrics, usage, its trace's end, one log line. */
export function accessLogger(logger: Logger, metrics: PetstoreMetrics, usage: CallMeter): (exchange: Exchange, seconds: number) => void {
  // Every field of the access line is the shell's own choice, none a secret: redaction would only cost time.
  const accessLog = logger.child({}, { redact: [] });
  return (exchange, seconds) => {
    // A client that went away before the answer was complete: 499 is the usual name for it.
    const status = exchange.delivered ?? 499;
    metrics.observe(exchange, status, seconds);
    meterCalls(usage, exchange, status);
    const trace = exchange.trace;
    if (trace) trace.end(requestSummary(exchange, status));
    // Method, path, outcome and timing only: never headers (keys), query strings or bodies.
    const line: AccessLine = {
      requestId: exchange.requestId,
      door: exchange.door ?? 'none',
      operation: exchange.operationLabel,
      method: exchange.method,
      path: exchange.path,
      status,
      durationMs: Math.round(seconds * 1e6) / 1e3,
    };
    if (trace) {
      line.traceId = trace.traceId;
      line.spanId = trace.spanId;
    }
    if (exchange.keyId !== undefined) line.keyId = exchange.keyId;
    if (status >= 500) accessLog.warn(line, 'request');
    else accessLog.info(line, 'request');
  };
}
