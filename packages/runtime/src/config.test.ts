import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives every operational setting its documented default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PETSTORE_ENV: 'development',
      PORT: 3000,
      MONGODB_TIMEOUT_MS: 3000,
      PETSTORE_MAX_BODY_BYTES: 16384,
      PETSTORE_MAX_HEADER_BYTES: 16384,
      PETSTORE_CORS_ORIGINS: [],
      PETSTORE_SHUTDOWN_TIMEOUT_SECONDS: 10,
      PETSTORE_BODY_TIMEOUT_SECONDS: 10,
    });
    expect(config.PETSTORE_METRICS_TOKEN).toBeUndefined();
  });

  it('reads CORS origins as a list of exact origins', () => {
    expect(loadConfig({ PETSTORE_CORS_ORIGINS: ' https://shop.example.com , http://localhost:5173,' }).PETSTORE_CORS_ORIGINS).toEqual([
      'https://shop.example.com',
      'http://localhost:5173',
    ]);
  });

  it.each(['*', 'https://shop.example.com/', 'https://shop.example.com/app', 'shop.example.com', 'ftp://x.example'])(
    'refuses %j as a CORS origin',
    (origin) => {
      expect(() => loadConfig({ PETSTORE_CORS_ORIGINS: origin })).toThrow(/PETSTORE_CORS_ORIGINS/);
    },
  );

  it.each(['0', '301', '1.5', 'ten'])('refuses %j as PETSTORE_BODY_TIMEOUT_SECONDS, naming it', (value) => {
    expect(() => loadConfig({ PETSTORE_BODY_TIMEOUT_SECONDS: value })).toThrow(/PETSTORE_BODY_TIMEOUT_SECONDS/);
  });

  it('refuses the embedded store in production unless allowed', () => {
    const production = { PETSTORE_ENV: 'production', PETSTORE_METRICS_PORT: '9464' };
    expect(() => loadConfig(production)).toThrow(/MONGODB_URI is required when PETSTORE_ENV is production/);
    expect(loadConfig({ ...production, PETSTORE_ALLOW_EMBEDDED_STORE: 'true' }).PETSTORE_ENV).toBe('production');
    expect(loadConfig({ ...production, MONGODB_URI: 'mongodb://db:27017/' }).MONGODB_URI).toBe('mongodb://db:27017/');
  });

  it('refuses production with /metrics open on the public port: it needs an internal port or a token', () => {
    const production = { PETSTORE_ENV: 'production', MONGODB_URI: 'mongodb://db:27017/' };
    expect(() => loadConfig(production)).toThrow(/PETSTORE_METRICS_PORT or PETSTORE_METRICS_TOKEN is required when PETSTORE_ENV is production/);
    expect(loadConfig({ ...production, PETSTORE_METRICS_PORT: '9464' }).PETSTORE_METRICS_PORT).toBe(9464);
    expect(loadConfig({ ...production, PETSTORE_METRICS_TOKEN: 'metrics-token-0123456789' }).PETSTORE_METRICS_PORT).toBeUndefined();
    expect(() => loadConfig({ PETSTORE_METRICS_PORT: '70000' })).toThrow(/PETSTORE_METRICS_PORT must be a port number/);
  });

  it("reads PETSTORE_TRUST_PROXY as a number of proxies, true as one, or the proxies' addresses, and refuses anything else without echoing it", () => {
    const trust = (text: string) => loadConfig({ PETSTORE_TRUST_PROXY: text }).PETSTORE_TRUST_PROXY;
    expect([trust('false'), trust('0'), trust('true'), trust('1'), trust('2')]).toEqual([
      { hops: 0 },
      { hops: 0 },
      { hops: 1 },
      { hops: 1 },
      { hops: 2 },
    ]);
    const ranges = trust('10.0.0.0/8, 192.0.2.7 ,2001:db8::/32,[::1]');
    expect('ranges' in ranges && ranges.ranges.map(([address, bits]) => `${address.toString()}/${bits}`)).toEqual([
      '10.0.0.0/8',
      '192.0.2.7/32',
      '2001:db8::/32',
      '::1/128',
    ]);
    for (const text of ['yes', '-1', '100', '10.0.0.0/33', '010.0.0.1', '10.0.0.0/8,', 'proxy.example', '2001:db8::/129', '10.0.0.0/8/8']) {
      expect(() => trust(text), text).toThrow(/^invalid configuration: PETSTORE_TRUST_PROXY must be the number of proxies/);
      expect(() => trust(text), text).not.toThrow(text);
    }
  });

  it('reads PETSTORE_KEY_TAG_SECRETS as a list of 1 to 5 long secrets, the first tagging new keys, and refuses anything else without echoing it', () => {
    const secrets = (text: string) => loadConfig({ PETSTORE_KEY_TAG_SECRETS: text }).PETSTORE_KEY_TAG_SECRETS;
    const [one, two] = ['a'.repeat(32), 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5Cg=='];
    expect([secrets(one), secrets(` ${two} , ${one} `)]).toEqual([[one], [two, one]]);
    expect(loadConfig({}).PETSTORE_KEY_TAG_SECRETS, 'unset: the one the database keeps').toBeUndefined();
    for (const text of [
      'a'.repeat(31),
      `${one},`,
      `${one},,${one}`,
      `${one} ${one}`,
      'b'.repeat(201),
      Array(6).fill(one).join(','),
      `${'é'.repeat(32)}`,
    ]) {
      expect(() => secrets(text), text).toThrow(/^invalid configuration: PETSTORE_KEY_TAG_SECRETS must be a comma-separated list of 1 to 5 secrets/);
      expect(() => secrets(text), text).not.toThrow(text);
    }
  });

  it('drains for 5 s before closing outside development, not at all in development, or as PETSTORE_SHUTDOWN_DRAIN_SECONDS says', () => {
    const drain = (env: Record<string, string>) =>
      loadConfig({ PETSTORE_ALLOW_EMBEDDED_STORE: 'true', PETSTORE_METRICS_PORT: '9464', ...env }).PETSTORE_SHUTDOWN_DRAIN_SECONDS;
    expect([drain({}), drain({ PETSTORE_ENV: 'staging' }), drain({ PETSTORE_ENV: 'production' })]).toEqual([0, 5, 5]);
    expect([drain({ PETSTORE_SHUTDOWN_DRAIN_SECONDS: '12' }), drain({ PETSTORE_ENV: 'production', PETSTORE_SHUTDOWN_DRAIN_SECONDS: '0' })]).toEqual([
      12, 0,
    ]);
    for (const text of ['-1', '301', '2.5', 'soon']) {
      expect(() => drain({ PETSTORE_SHUTDOWN_DRAIN_SECONDS: text }), text).toThrow(
        /^invalid configuration: PETSTORE_SHUTDOWN_DRAIN_SECONDS must be a whole number from 0 to 300$/,
      );
    }
  });

  it('reads the settings of many instances on one database, with their documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      MONGODB_MAX_POOL_SIZE: 100,
      PETSTORE_RATE_LIMIT_SCOPE: 'shared',
      PETSTORE_KEY_CACHE_SECONDS: 5,
      PETSTORE_FAILED_KEY_CHECKS_PER_MINUTE: 60,
    });
    expect(loadConfig({}).PETSTORE_TRUST_PROXY).toEqual({ hops: 0 });
    expect(
      loadConfig({
        MONGODB_MAX_POOL_SIZE: '1',
        PETSTORE_RATE_LIMIT_SCOPE: 'instance',
        PETSTORE_KEY_CACHE_SECONDS: '0',
        PETSTORE_TRUST_PROXY: 'true',
      }),
    ).toMatchObject({
      MONGODB_MAX_POOL_SIZE: 1,
      PETSTORE_RATE_LIMIT_SCOPE: 'instance',
      PETSTORE_KEY_CACHE_SECONDS: 0,
      PETSTORE_TRUST_PROXY: { hops: 1 },
    });
    for (const uri of ['mongodb://db1:27017,db2:27017,db3:27017/?replicaSet=rs0&tls=true', 'mongodb+srv://cluster0.example.net/']) {
      expect(loadConfig({ MONGODB_URI: uri }).MONGODB_URI, 'replica-set URIs').toBe(uri);
    }
    expect(() => loadConfig({ MONGODB_MAX_POOL_SIZE: '0', PETSTORE_RATE_LIMIT_SCOPE: 'global' })).toThrow(
      /MONGODB_MAX_POOL_SIZE.*PETSTORE_RATE_LIMIT_SCOPE must be shared or instance/,
    );
  });

  it("takes a browser key's per-visitor limit from PETSTORE_BROWSER_KEY_CLIENT_LIMIT, 60 by default, 0 for none, and refuses anything else at start-up", () => {
    expect(loadConfig({}).PETSTORE_BROWSER_KEY_CLIENT_LIMIT).toBe(60);
    expect(
      [loadConfig({ PETSTORE_BROWSER_KEY_CLIENT_LIMIT: '0' }), loadConfig({ PETSTORE_BROWSER_KEY_CLIENT_LIMIT: '500' })].map(
        (c) => c.PETSTORE_BROWSER_KEY_CLIENT_LIMIT,
      ),
    ).toEqual([0, 500]);
    for (const value of ['-1', '2.5', 'lots', '10000001']) {
      expect(() => loadConfig({ PETSTORE_BROWSER_KEY_CLIENT_LIMIT: value }), value).toThrow(
        /^invalid configuration: PETSTORE_BROWSER_KEY_CLIENT_LIMIT must be (a whole number )?from 0 to 10000000/,
      );
      expect(() => loadConfig({ PETSTORE_BROWSER_KEY_CLIENT_LIMIT: value }), value).not.toThrow(`"${value}"`);
    }
  });

  it("takes the GraphQL batch limit from PETSTORE_GRAPHQL_MAX_BATCH, the contract's 10 at most, and refuses anything else at start-up", () => {
    expect(loadConfig({}).PETSTORE_GRAPHQL_MAX_BATCH).toBe(10);
    expect(loadConfig({ PETSTORE_GRAPHQL_MAX_BATCH: '1' }).PETSTORE_GRAPHQL_MAX_BATCH).toBe(1);
    for (const value of ['0', '11', '2.5', 'off']) {
      expect(() => loadConfig({ PETSTORE_GRAPHQL_MAX_BATCH: value }), value).toThrow(
        /PETSTORE_GRAPHQL_MAX_BATCH must be (a whole number )?from 1 to 10/,
      );
    }
  });

  it('names every bad variable and never repeats its value', () => {
    const secret = 'short';
    let message = '';
    try {
      loadConfig({ PETSTORE_METRICS_TOKEN: secret, PETSTORE_MAX_HEADER_BYTES: '10', PETSTORE_SHUTDOWN_TIMEOUT_SECONDS: 'soon' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('PETSTORE_METRICS_TOKEN');
    expect(message).toContain('PETSTORE_MAX_HEADER_BYTES');
    expect(message).toContain('PETSTORE_SHUTDOWN_TIMEOUT_SECONDS');
    expect(message).not.toContain(secret);
    expect(message).not.toContain('soon');
  });
});
