import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { tracingSettings } from './tracing-config.js';

const settings = (env: Record<string, string>) => tracingSettings(loadConfig(env));

describe('tracing configuration', () => {
  it('is off by default', () => {
    expect(settings({})).toBeUndefined();
    expect(settings({ OTEL_SERVICE_NAME: 'shop', OTEL_TRACES_SAMPLER: 'always_on' })).toBeUndefined();
  });

  it('is switched on by an OTLP endpoint, sending to its /v1/traces with the standard defaults', () => {
    expect(settings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      serviceName: 'petstore',
      sampler: 'parentbased_always_on',
      samplerRatio: 1,
      resourceAttributes: {},
    });
  });

  it('takes the traces endpoint as given, before the general one', () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://b.example/otlp/traces' };
    expect(settings(env)?.tracesUrl).toBe('https://b.example/otlp/traces');
  });

  it('is switched on by OTEL_TRACES_EXPORTER=otlp alone, to the local collector', () => {
    expect(settings({ OTEL_TRACES_EXPORTER: 'otlp' })?.tracesUrl).toBe('http://localhost:4318/v1/traces');
  });

  it.each<Record<string, string>>([{ OTEL_SDK_DISABLED: 'TRUE' }, { OTEL_TRACES_EXPORTER: 'none' }])(
    'is switched off by %j whatever else is set',
    (off) => {
      expect(settings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'otlp', ...off })).toBeUndefined();
    },
  );

  it('reads the service name, the sampler and the resource attributes', () => {
    const read = settings({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_SERVICE_NAME: 'petstore-eu',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=prod, team=pets%20core',
    });
    expect(read).toMatchObject({
      serviceName: 'petstore-eu',
      sampler: 'parentbased_traceidratio',
      samplerRatio: 0.25,
      resourceAttributes: { 'deployment.environment.name': 'prod', team: 'pets core' },
    });
  });

  it.each([
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'collector:4318'],
    ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'grpc://collector'],
    ['OTEL_EXPORTER_OTLP_PROTOCOL', 'grpc'],
    ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'http/json'],
    ['OTEL_TRACES_EXPORTER', 'zipkin'],
    ['OTEL_TRACES_SAMPLER', 'jaeger_remote'],
    ['OTEL_TRACES_SAMPLER_ARG', '1.5'],
    ['OTEL_SDK_DISABLED', 'yes'],
    ['OTEL_PROPAGATORS', 'b3'],
    ['OTEL_RESOURCE_ATTRIBUTES', 'no-equals-sign'],
    ['OTEL_EXPORTER_OTLP_HEADERS', 'Authorization=Basic%zz-secret-value'],
  ])('refuses %s=%s, naming the variable and not the value', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name} must`));
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      expect((error as Error).message).not.toContain(value);
    }
  });
});
