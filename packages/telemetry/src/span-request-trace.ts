import type { IncomingMessage } from 'node:http';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';
import type { OperationSpan, RequestSummary, RequestTrace, RequestTracer, SpanAttributes } from './request-trace.js';

/** RequestTracer over the OpenTelemetry API, with the SDK registered globally by installTracing. */
export function spanRequestTracer(tracer: Tracer): RequestTracer {
  return {
    start(req: IncomingMessage): RequestTrace {
      // Node gives header names in lower case, as the W3C propagator looks them up.
      const parent = propagation.extract(ROOT_CONTEXT, req.headers);
      const span = tracer.startSpan(req.method ?? 'HTTP', { kind: SpanKind.SERVER }, parent);
      return new SpanRequestTrace(tracer, span, trace.setSpan(parent, span));
    },
  };
}

class SpanRequestTrace implements RequestTrace {
  readonly traceId: string;
  readonly spanId: string;

  constructor(
    private readonly tracer: Tracer,
    private readonly span: Span,
    private readonly active: Context,
  ) {
    ({ traceId: this.traceId, spanId: this.spanId } = span.spanContext());
  }

  within<T>(fn: () => T): T {
    return context.with(this.active, fn);
  }

  startOperation(name: string, attributes: SpanAttributes = {}): OperationSpan {
    const span = this.tracer.startSpan(name, { kind: SpanKind.INTERNAL, attributes: defined(attributes) }, this.active);
    const active = trace.setSpan(this.active, span);
    return {
      within: (fn) => context.with(active, fn),
      fail: (code) => failed(span, code),
      end: () => span.end(),
    };
  }

  end(summary: RequestSummary): void {
    this.span.updateName(summary.name);
    this.span.setAttributes(defined(summary.attributes));
    this.span.setAttribute('http.response.status_code', summary.status);
    // Server spans are errors only for 5xx: a 4xx is the caller's mistake, answered as designed.
    if (summary.status >= 500) {
      this.span.setAttribute('error.type', String(summary.status));
      this.span.setStatus({ code: SpanStatusCode.ERROR });
    }
    this.span.end();
  }
}

function failed(span: Span, code: string): void {
  span.setAttributes({ 'error.type': code, 'petstore.error.code': code });
  span.setStatus({ code: SpanStatusCode.ERROR, message: code });
}

function defined(attributes: SpanAttributes): Record<string, string | number | boolean> {
  const result: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) result[name] = value;
  return result;
}
