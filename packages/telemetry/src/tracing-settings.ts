/** The samplers of the OpenTelemetry specification that need nothing beyond the SDK. */
export const SAMPLER_NAMES = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

export type SamplerName = (typeof SAMPLER_NAMES)[number];

/** What tracing needs once it is switched on, read from the standard OTEL_* variables by the runtime's config. */
export interface TracingSettings {
  /** Where spans are sent: the full OTLP/HTTP traces URL, such as http://collector:4318/v1/traces. */
  tracesUrl: string;
  /** `service.name` of every span. */
  serviceName: string;
  sampler: SamplerName;
  /** The probability of the ratio samplers, from 0 to 1. */
  samplerRatio: number;
  /** More resource attributes (OTEL_RESOURCE_ATTRIBUTES), such as deployment.environment.name. */
  resourceAttributes: Readonly<Record<string, string>>;
}
