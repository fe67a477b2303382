import type { IncomingMessage } from 'node:http';

/** Attribute values a span may carry. */
export type SpanAttributes = Record<string, string | number | boolean | undefined>;

/** Starts the trace of each HTTP request: the one thing the HTTP shell asks of tracing. */
export interface RequestTracer {
  /** The request's server span, continuing the caller's trace when it sent `traceparent` (and `tracestate`). */
  start(req: IncomingMessage): RequestTrace;
}

/** How a request ended, for its server span. */
export interface RequestSummary {
  /** Door and operation, such as `REST listPets`. */
  name: string;
  /** The HTTP status answered (499 when the client went away). */
  status: number;
  attributes: SpanAttributes;
}

/** The trace of one request. */
export interface RequestTrace {
  /** W3C ids of the request's own span, for the access log. */
  readonly traceId: string;
  readonly spanId: string;
  /** Runs `fn` with the request's span current, so spans started inside it (database commands) are its children. */
  within<T>(fn: () => T): T;
  /** A child span for one operation of the request: a REST route, a GraphQL operation, a tRPC call. */
  startOperation(name: string, attributes?: SpanAttributes): OperationSpan;
  end(summary: RequestSummary): void;
}

export interface OperationSpan {
  /** Runs `fn` with this span current, so the database commands it sends are its children. */
  within<T>(fn: () => T): T;
  /** Marks the operation failed with its domain error code; the error's message and stack are not recorded. */
  fail(code: string): void;
  end(): void;
}

/** Where tracing says what went wrong in it, such as exports a collector refused. */
export interface TracingLog {
  warn(message: string): void;
}

/** Tracing switched on for this process. */
export interface Tracing {
  requests: RequestTracer;
  /** Sends the spans still buffered and stops; called once the server has shut down. */
  shutdown(): Promise<void>;
}
