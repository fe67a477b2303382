import { SAMPLER_NAMES, type TracingSettings } from '@petstore/telemetry';
import { z } from 'zod';
import { optionalText } from './env-text.js';

const otlpUrl = optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://localhost:4318' }).optional());

// The SDK speaks OTLP over HTTP with protobuf only; refusing the others beats exporting nothing.
const protocol = optionalText.pipe(
  z.enum(['http/protobuf'], { error: 'must be http/protobuf (the only OTLP protocol this service sends)' }).optional(),
);

/** `key=value,key=value`, as OTEL_RESOURCE_ATTRIBUTES and OTEL_EXPORTER_OTLP_HEADERS are written (values percent-encoded). */
const keyValueList = (what: string) =>
  optionalText.pipe(
    z
      .string()
      .transform((text, context) => {
        const entries: Record<string, string> = {};
        for (const pair of text.split(',')) {
          const at = pair.indexOf('=');
          const key = pair.slice(0, at).trim();
          let value: string | undefined;
          try {
            value = at > 0 && key !== '' ? decodeURIComponent(pair.slice(at + 1).trim()) : undefined;
          } catch {
            value = undefined;
          }
          if (value === undefined) {
            context.addIssue({ code: 'custom', message: `must be a comma-separated list of ${what} written key=value (values percent-encoded)` });
            return z.NEVER;
          }
          entries[key] = value;
        }
        return entries;
      })
      .optional(),
  );

/**
 * The standard OpenTelemetry variables this service reads
 * (https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/).
 * Tracing is off unless switched on; see `tracingSettings`.
 */
export const TRACING_VARIABLES = {
  OTEL_SDK_DISABLED: optionalText.pipe(
    z
      .string()
      .toLowerCase()
      .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }))
      .transform((value) => value === 'true')
      .optional(),
  ),
  OTEL_TRACES_EXPORTER: optionalText.pipe(
    z.enum(['otlp', 'none'], { error: 'must be otlp or none (the only trace exporters this service has)' }).optional(),
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpUrl,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlpUrl,
  OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: protocol,
  // Read by the exporter itself; checked here so that a typo stops the start instead of every export.
  OTEL_EXPORTER_OTLP_HEADERS: keyValueList('headers'),
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: keyValueList('headers'),
  // W3C trace context is the one propagator; naming another would silently break traces across services.
  OTEL_PROPAGATORS: optionalText.pipe(
    z.enum(['tracecontext'], { error: 'must be tracecontext (W3C trace context, the only propagator this service has)' }).optional(),
  ),
  OTEL_SERVICE_NAME: optionalText.pipe(z.string().default('petstore')),
  OTEL_RESOURCE_ATTRIBUTES: keyValueList('resource attributes'),
  OTEL_TRACES_SAMPLER: optionalText.pipe(
    z.enum(SAMPLER_NAMES, { error: `must be one of ${SAMPLER_NAMES.join(', ')}` }).default('parentbased_always_on'),
  ),
  OTEL_TRACES_SAMPLER_ARG: optionalText.pipe(
    z
      .string()
      .regex(/^(0(\.\d+)?|1(\.0+)?)$/, { error: 'must be a probability from 0 to 1, such as 0.25' })
      .transform(Number)
      .optional(),
  ),
};

type TracingVariables = z.output<z.ZodObject<typeof TRACING_VARIABLES>>;

const DEFAULT_OTLP_ENDPOINT = 'http://localhost:4318';

/**
 * Tracing is on when an OTLP endpoint is set or OTEL_TRACES_EXPORTER=otlp (then to the standard
 * http://localhost:4318); OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none turn it off whatever
 * else is set. Off, undefined: no SDK is loaded and no exporter starts.
 */
export function tracingSettings(config: TracingVariables): TracingSettings | undefined {
  if (config.OTEL_SDK_DISABLED === true || config.OTEL_TRACES_EXPORTER === 'none') return undefined;
  const endpoint = config.OTEL_EXPORTER_OTLP_ENDPOINT;
  const tracesEndpoint = config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (config.OTEL_TRACES_EXPORTER !== 'otlp' && endpoint === undefined && tracesEndpoint === undefined) return undefined;
  return {
    // The signal's own endpoint is used as given; the general one gets the signal's path appended.
    tracesUrl: tracesEndpoint ?? `${(endpoint ?? DEFAULT_OTLP_ENDPOINT).replace(/\/+$/, '')}/v1/traces`,
    serviceName: config.OTEL_SERVICE_NAME,
    sampler: config.OTEL_TRACES_SAMPLER,
    samplerRatio: config.OTEL_TRACES_SAMPLER_ARG ?? 1,
    resourceAttributes: config.OTEL_RESOURCE_ATTRIBUTES ?? {},
  };
}
