import { context, diag, DiagLogLevel, propagation, trace, type DiagLogFunction } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
} from '@opentelemetry/sdk-trace';
import type { Tracing, TracingLog } from './request-trace.js';
import { spanRequestTracer } from './span-request-trace.js';
import type { SamplerName, TracingSettings } from './tracing-settings.js';

/**
 * The OpenTelemetry SDK for this process: W3C trace context in, spans batched out over OTLP/HTTP
 * (protobuf), and the maintained instrumentation of the `mongodb` driver for a span per command.
 * The instrumentation hooks `require`, so it must be enabled before the driver is first loaded:
 * the runtime loads @petstore/mongo only after this (see packages/runtime/src/stores.ts).
 */
export function installTracing(settings: TracingSettings, log: TracingLog): Tracing {
  // The SDK reports failed exports (a collector down or refusing) through diag; without a logger they vanish.
  const warn: DiagLogFunction = (message, ...args) => log.warn([message, ...args.map(String)].join(' '));
  const quiet: DiagLogFunction = () => {};
  diag.setLogger({ error: warn, warn, info: quiet, debug: quiet, verbose: quiet }, DiagLogLevel.WARN);
  const provider = new TracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ ...settings.resourceAttributes, 'service.name': settings.serviceName })),
    sampler: sampler(settings.sampler, settings.samplerRatio),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: settings.tracesUrl }) })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  // Enables itself; db.query.text carries the command's shape with every value replaced by '?'.
  const mongodb = new MongoDBInstrumentation({ requireParentSpan: true });
  mongodb.setTracerProvider(provider);
  return {
    requests: spanRequestTracer(provider.getTracer('@petstore/telemetry')),
    async shutdown() {
      mongodb.disable();
      // A collector that is down must not fail the shutdown: the spans are lost, and that is said.
      await provider.shutdown().catch((error: unknown) => log.warn(`the spans still buffered could not be sent: ${String(error)}`));
      // So that a later runtime in this process (tests make several) can register its own.
      trace.disable();
      propagation.disable();
      context.disable();
      diag.disable();
    },
  };
}

function sampler(name: SamplerName, ratio: number): Sampler {
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
  }
}
