import type { Tracing, TracingLog } from './request-trace.js';
import type { TracingSettings } from './tracing-settings.js';

/**
 * Switches tracing on. The SDK is imported here, on demand, so that a process with tracing off
 * never loads it: its only cost there is the shell's check that no tracer was given.
 */
export async function startTracing(settings: TracingSettings, log: TracingLog): Promise<Tracing> {
  const { installTracing } = await import('./install-tracing.js');
  return installTracing(settings, log);
}
