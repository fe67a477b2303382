import type { RequestTracer } from './request-trace.js';
import type { TracingSettings } from './tracing-settings.js';

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

/**
 * Switches tracing on. The SDK is imported here, on demand, so that a process with tracing off
 * never loads it: its only cost there is the shell's check that no tracer was given.
 */
export async function startTracing(settings: TracingSettings, log: TracingLog): Promise<Tracing> {
  const { installTracing } = await import('./install-tracing.js');
  return installTracing(settings, log);
}
