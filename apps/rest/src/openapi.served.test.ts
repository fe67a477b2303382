import { DEFAULT_PRODUCTION_URL, DEFAULT_STAGING_URL } from '@petstore/runtime';
import { parseJsonText } from '@petstore/http';
import { loadOpenApiDocument } from './openapi/openapi-document.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '@petstore/service-kit';
import { startRest, type TestRest } from './testing/start-rest.js';

describe('the published REST contract', () => {
  describe('with the default configuration', () => {
    let door: TestRest;
    beforeAll(async () => {
      door = await startRest({ mongodbUri: null });
    });
    afterAll(async () => {
      await door.close();
    });

    it('serves the repository document at /v1/openapi.json without a key', async () => {
      const response = await call<Record<string, unknown>>(door.baseUrl, '/v1/openapi.json');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const { servers: _served, ...served } = parseJsonText(response.text) as Record<string, unknown>;
      const { servers: _kept, ...kept } = loadOpenApiDocument();
      expect(served).toEqual(kept);
      // The int64 bounds keep every digit, which a double would not.
      expect(response.text).toContain('"maximum":9223372036854775807');
    });

    it('lists this server, then production and staging at their default addresses', async () => {
      const response = await call<{ servers: unknown[] }>(door.baseUrl, '/v1/openapi.json');
      expect(response.body.servers).toEqual([
        { url: '/v1', description: 'This server' },
        { url: DEFAULT_PRODUCTION_URL, description: 'Production' },
        { url: DEFAULT_STAGING_URL, description: 'Staging' },
      ]);
    });

    it('answers 405 with Allow for another method on the document', async () => {
      const response = await call(door.baseUrl, '/v1/openapi.json', { method: 'POST', body: {} });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toMatch(/GET/);
    });

    it('serves the API reference page at /docs without a key, allowed to reach only this server and the environments', async () => {
      const response = await fetch(`${door.baseUrl}/docs`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain(`connect-src 'self' ${new URL(DEFAULT_PRODUCTION_URL).origin} ${new URL(DEFAULT_STAGING_URL).origin}`);
      const html = await response.text();
      const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
      expect(sources.length).toBeGreaterThan(0);
      for (const source of sources) {
        expect(source, 'every asset comes from this server').toMatch(/^\/docs\//);
        expect((await fetch(`${door.baseUrl}${source}`)).status, source).toBe(200);
      }
    });

    it('points the page at the served document', async () => {
      const script = await (await fetch(`${door.baseUrl}/docs/init.js`)).text();
      expect(script).toContain('"/v1/openapi.json"');
      expect(script).toContain('validatorUrl: null');
    });

    it('answers 404 with an Error body for an unknown file under /docs', async () => {
      const response = await call(door.baseUrl, '/docs/index.css');
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'not_found', status: 404 });
    });
  });

  describe('with configured environments and a public address', () => {
    let door: TestRest;
    beforeAll(async () => {
      door = await startRest({
        mongodbUri: null,
        env: {
          PUBLIC_BASE_URL: 'https://pets.example.org/',
          PETSTORE_PRODUCTION_URL: 'https://api.pets.example.org/v1',
          PETSTORE_STAGING_URL: 'https://staging.pets.example.org/v1/',
        },
      });
    });
    afterAll(async () => {
      await door.close();
    });

    it('lists the public address of this server and the configured environments', async () => {
      const response = await call<{ servers: unknown[] }>(door.baseUrl, '/v1/openapi.json');
      expect(response.body.servers).toEqual([
        { url: 'https://pets.example.org/v1', description: 'This server' },
        { url: 'https://api.pets.example.org/v1', description: 'Production' },
        { url: 'https://staging.pets.example.org/v1', description: 'Staging' },
      ]);
    });

    it('lists an environment once when this server is it', async () => {
      const production = await startRest({
        mongodbUri: null,
        env: { PUBLIC_BASE_URL: 'https://api.pets.example.org', PETSTORE_PRODUCTION_URL: 'https://api.pets.example.org/v1' },
      });
      try {
        const response = await call<{ servers: unknown[] }>(production.baseUrl, '/v1/openapi.json');
        expect(response.body.servers).toEqual([
          { url: 'https://api.pets.example.org/v1', description: 'Production' },
          { url: DEFAULT_STAGING_URL, description: 'Staging' },
        ]);
      } finally {
        await production.close();
      }
    });
  });
});
