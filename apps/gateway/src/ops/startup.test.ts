import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { EXIT_ADDRESS_IN_USE } from '@petstore/runtime';
import { freePort } from '@petstore/testdb';
import { describe, expect, it } from 'vitest';
import { runGatewayToExit } from './testing/gateway-process.js';

describe('refusing to start', () => {
  it('refuses the embedded store in production, naming the variables, with exit code 78', async () => {
    const { code, output } = await runGatewayToExit({ PETSTORE_ENV: 'production' });
    expect(code).toBe(78);
    expect(output.trim().split('\n')).toHaveLength(1);
    expect(output).toContain('MONGODB_URI');
    expect(output).toContain('PETSTORE_ALLOW_EMBEDDED_STORE=true');
  });

  it('accepts the embedded store in production when explicitly allowed, and never prints a bad value', async () => {
    // Another bad variable stops it at the configuration check; only that one is named.
    const { code, output } = await runGatewayToExit({
      PETSTORE_ENV: 'production',
      PETSTORE_ALLOW_EMBEDDED_STORE: 'true',
      PETSTORE_CORS_ORIGINS: 'https://a.example/path',
    });
    expect(code).toBe(78);
    expect(output).toContain('PETSTORE_CORS_ORIGINS');
    expect(output).not.toContain('MONGODB_URI');
    expect(output).not.toContain('https://a.example/path');
  });

  it('refuses a trusted-documents manifest it cannot read, naming the variable and not the path, with exit code 78', async () => {
    const { code, output } = await runGatewayToExit({ PETSTORE_GRAPHQL_TRUSTED_DOCUMENTS: '/nonexistent/operations-manifest.json' });
    expect(code).toBe(78);
    expect(output).toContain('PETSTORE_GRAPHQL_TRUSTED_DOCUMENTS must name a readable JSON manifest of operations');
    expect(output).not.toContain('operations-manifest.json');
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('refuses production with /metrics open on the public port, in one line with exit code 78', async () => {
    const { code, output } = await runGatewayToExit({ PETSTORE_ENV: 'production', PETSTORE_ALLOW_EMBEDDED_STORE: 'true' });
    expect(code).toBe(78);
    expect(output.trim().split('\n')).toHaveLength(1);
    expect(output).toContain('PETSTORE_METRICS_PORT or PETSTORE_METRICS_TOKEN is required when PETSTORE_ENV is production');
  });

  it('refuses a development key of the tagged shape whose tag it would refuse, and a bad tag secret, without printing either', async () => {
    // A key an earlier start printed: tagged under that start's secret, refused under this one's.
    const printedEarlier = `psk_test_${'A'.repeat(59)}`;
    const devKey = await runGatewayToExit({ PETSTORE_DEV_API_KEY: printedEarlier });
    expect(devKey.code).toBe(78);
    expect(devKey.output.trim().split('\n')).toHaveLength(1);
    expect(devKey.output).toContain('PETSTORE_DEV_API_KEY: the key has the shape of a tagged key');
    expect(devKey.output).toContain('set PETSTORE_KEY_TAG_SECRETS to keep one across starts');
    expect(devKey.output).not.toContain(printedEarlier);

    const secrets = await runGatewayToExit({ PETSTORE_KEY_TAG_SECRETS: `${'s'.repeat(40)},too-short` });
    expect(secrets.code).toBe(78);
    expect(secrets.output).toContain('PETSTORE_KEY_TAG_SECRETS must be a comma-separated list of 1 to 5 secrets of 32 to 200 characters');
    expect(secrets.output).not.toContain('s'.repeat(40));
  });

  it('stops with one line and exit code 69 when the database cannot be reached', async () => {
    const { code, output } = await runGatewayToExit({
      MONGODB_URI: `mongodb://127.0.0.1:${await freePort()}/`,
      MONGODB_TIMEOUT_MS: '300',
    });
    expect(code).toBe(69);
    expect(output.trim().split('\n')).toEqual([
      'cannot start: the database at MONGODB_URI did not answer within MONGODB_TIMEOUT_MS; is it running and reachable?',
    ]);
  });

  it('stops with one line naming the port and exit code 75 when the port is already in use', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen({ port: 0, host: '127.0.0.1' }, resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const { code, output } = await runGatewayToExit({ PORT: String(port) });
      expect(code).toBe(EXIT_ADDRESS_IN_USE);
      expect(output.trim().split('\n')).toEqual([`cannot start: port ${port} is already in use (PORT); stop what holds it or choose another port`]);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
