import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import protobuf from 'protobufjs';

/**
 * The part of the published OTLP definitions a trace receiver reads
 * (opentelemetry-proto: collector/trace/v1/trace_service.proto, trace/v1/trace.proto,
 * common/v1/common.proto, resource/v1/resource.proto), with their field numbers; fields left
 * out are skipped as unknown, as any receiver of an older version would.
 */
const OTLP_TRACE_PROTO = `
syntax = "proto3";
package otlp;
message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
message ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; }
message Resource { repeated KeyValue attributes = 1; }
message ScopeSpans { InstrumentationScope scope = 1; repeated Span spans = 2; }
message InstrumentationScope { string name = 1; string version = 2; }
message Span {
  bytes trace_id = 1;
  bytes span_id = 2;
  string trace_state = 3;
  bytes parent_span_id = 4;
  string name = 5;
  int32 kind = 6;
  repeated KeyValue attributes = 9;
  Status status = 15;
}
message Status { string message = 2; int32 code = 3; }
message KeyValue { string key = 1; AnyValue value = 2; }
message AnyValue {
  oneof value {
    string string_value = 1;
    bool bool_value = 2;
    int64 int_value = 3;
    double double_value = 4;
    ArrayValue array_value = 5;
    bytes bytes_value = 7;
  }
}
message ArrayValue { repeated AnyValue values = 1; }
`;

const ExportTraceServiceRequest = protobuf.parse(OTLP_TRACE_PROTO, { keepCase: false }).root.lookupType('otlp.ExportTraceServiceRequest');

/** Span kinds and status codes as OTLP numbers them. */
export const SPAN_KIND = { internal: 1, server: 2, client: 3 } as const;
export const STATUS_CODE = { unset: 0, ok: 1, error: 2 } as const;

export type AttributeValue = string | number | boolean | AttributeValue[];

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** '' for a root span. */
  parentSpanId: string;
  traceState: string;
  name: string;
  kind: number;
  attributes: Record<string, AttributeValue>;
  status: { code: number; message: string };
  scope: string;
  resource: Record<string, AttributeValue>;
}

export interface OtlpReceiver {
  /** The base URL to give as OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint: string;
  /** Every export request received: path, content type and raw body. */
  requests: Array<{ path: string; contentType: string; body: Buffer }>;
  spans(): ReceivedSpan[];
  close(): Promise<void>;
}

/** An OTLP/HTTP trace receiver (protobuf), as a collector listens on port 4318, on a free loopback port. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const requests: OtlpReceiver['requests'] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      requests.push({ path: req.url ?? '', contentType: req.headers['content-type'] ?? '', body });
      res.writeHead(200, { 'Content-Type': 'application/x-protobuf' });
      res.end(); // an empty ExportTraceServiceResponse: everything accepted
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    spans: () => requests.filter((request) => request.path === '/v1/traces').flatMap((request) => decode(request.body)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface Decoded {
  resourceSpans?: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: Array<{ scope?: { name?: string }; spans?: DecodedSpan[] }>;
  }>;
}
interface DecodedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  traceState: string;
  name: string;
  kind: number;
  attributes?: KeyValue[];
  status?: { code?: number; message?: string };
}
interface KeyValue {
  key: string;
  value?: AnyValue;
}
interface AnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: AnyValue[] };
  bytesValue?: string;
}

function decode(body: Buffer): ReceivedSpan[] {
  const message = ExportTraceServiceRequest.decode(body);
  const request = ExportTraceServiceRequest.toObject(message, { bytes: String, longs: Number, defaults: true }) as Decoded;
  return (request.resourceSpans ?? []).flatMap((resourceSpans) =>
    (resourceSpans.scopeSpans ?? []).flatMap((scopeSpans) =>
      (scopeSpans.spans ?? []).map((span) => ({
        traceId: hex(span.traceId),
        spanId: hex(span.spanId),
        parentSpanId: hex(span.parentSpanId),
        traceState: span.traceState,
        name: span.name,
        kind: span.kind,
        attributes: attributes(span.attributes),
        status: { code: span.status?.code ?? 0, message: span.status?.message ?? '' },
        scope: scopeSpans.scope?.name ?? '',
        resource: attributes(resourceSpans.resource?.attributes),
      })),
    ),
  );
}

/** protobufjs gives bytes as base64 with `bytes: String`. */
function hex(base64: string): string {
  return Buffer.from(base64, 'base64').toString('hex');
}

function attributes(list: KeyValue[] | undefined): Record<string, AttributeValue> {
  return Object.fromEntries((list ?? []).map((entry) => [entry.key, value(entry.value)]));
}

function value(any: AnyValue | undefined): AttributeValue {
  if (any?.stringValue !== undefined) return any.stringValue;
  if (any?.boolValue !== undefined) return any.boolValue;
  if (any?.intValue !== undefined) return Number(any.intValue);
  if (any?.doubleValue !== undefined) return any.doubleValue;
  if (any?.arrayValue) return (any.arrayValue.values ?? []).map(value);
  return any?.bytesValue ?? '';
}
