import type { IncomingMessage } from 'node:http';
import { propagation, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, ParentBasedSampler, AlwaysOnSampler } from '@opentelemetry/sdk-trace';
import { beforeAll, describe, expect, it } from 'vitest';
import { spanRequestTracer } from './span-request-trace.js';

const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({
  sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }),
  spanProcessors: [new SimpleSpanProcessor({ exporter })],
});
const tracer = spanRequestTracer(provider.getTracer('test'));
const request = (headers: Record<string, string>) => ({ method: 'GET', headers }) as unknown as IncomingMessage;
const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

describe('spanRequestTracer', () => {
  beforeAll(() => {
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  });

  it('continues the caller’s trace and names the server span after door and operation when it ends', () => {
    exporter.reset();
    const trace = tracer.start(request({ traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01`, tracestate: 'up=1' }));
    expect(trace.traceId).toBe(CALLER_TRACE);
    trace.end({ name: 'REST listPets', status: 200, attributes: { 'petstore.key_id': 'key_1', 'petstore.deprecated': undefined } });
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe('REST listPets');
    expect(span?.kind).toBe(SpanKind.SERVER);
    expect(span?.parentSpanContext?.spanId).toBe(CALLER_SPAN);
    expect(span?.spanContext().traceState?.get('up')).toBe('1');
    expect(span?.attributes).toEqual({ 'petstore.key_id': 'key_1', 'http.response.status_code': 200 });
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('starts a new trace when the caller sent none, or a malformed one', () => {
    for (const headers of [{}, { traceparent: 'not-a-traceparent' }] as Array<Record<string, string>>) {
      const trace = tracer.start(request(headers));
      expect(trace.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(trace.traceId).not.toBe(CALLER_TRACE);
    }
  });

  it('marks 5xx answers as errors and failed operations with their domain code only', () => {
    exporter.reset();
    const trace = tracer.start(request({}));
    const operation = trace.startOperation('pets.create', { 'petstore.operation': 'pets.create' });
    operation.fail('service_unavailable');
    operation.end();
    trace.end({ name: 'tRPC pets.create', status: 503, attributes: {} });
    const [child, server] = exporter.getFinishedSpans();
    expect(child?.parentSpanContext?.spanId).toBe(server?.spanContext().spanId);
    expect(child?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'service_unavailable' });
    expect(child?.attributes['petstore.error.code']).toBe('service_unavailable');
    expect(server?.status.code).toBe(SpanStatusCode.ERROR);
    expect(server?.attributes['error.type']).toBe('503');
  });

  it('records nothing for a caller that did not sample its trace, and still gives ids for the log', () => {
    exporter.reset();
    const trace = tracer.start(request({ traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-00` }));
    expect(trace.traceId).toBe(CALLER_TRACE);
    expect(trace.spanId).toMatch(/^[0-9a-f]{16}$/);
    trace.startOperation('listPets').end();
    trace.end({ name: 'REST listPets', status: 200, attributes: {} });
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
