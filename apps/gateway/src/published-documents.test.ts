import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './testing/start-gateway.js';

const require = createRequire(import.meta.url);
const sdlFile = require.resolve('@petstore/graphql/schema.graphql');

const DOCUMENTS = [
  { path: '/v1/openapi.json', type: 'application/json; charset=utf-8' },
  { path: '/graphql/schema.graphql', type: 'text/plain; charset=utf-8' },
  { path: '/manage/v1/openapi.json', type: 'application/json; charset=utf-8' },
] as const;

describe('the published documents', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ mongodbUri: null });
  });
  afterAll(async () => {
    await gw.close();
  });

  it('serves the GraphQL SDL as written in the repository, without a key', async () => {
    const response = await fetch(`${gw.baseUrl}/graphql/schema.graphql`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(await readFile(sdlFile, 'utf8'));
  });

  describe.each(DOCUMENTS)('$path', ({ path, type }) => {
    it('carries a strong ETag and asks caches to revalidate', async () => {
      const response = await fetch(`${gw.baseUrl}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const again = await fetch(`${gw.baseUrl}${path}`);
      expect(again.headers.get('etag')).toBe(response.headers.get('etag'));
    });

    it('answers 304 without a body to a matching If-None-Match, weak or in a list', async () => {
      const etag = (await fetch(`${gw.baseUrl}${path}`)).headers.get('etag') ?? '';
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const response = await fetch(`${gw.baseUrl}${path}`, { headers: { 'If-None-Match': ifNoneMatch } });
        expect(response.status, ifNoneMatch).toBe(304);
        expect(response.headers.get('etag')).toBe(etag);
        expect(await response.text()).toBe('');
      }
    });

    it('sends the whole document again when the ETag does not match', async () => {
      const response = await fetch(`${gw.baseUrl}${path}`, { headers: { 'If-None-Match': '"stale"' } });
      expect(response.status).toBe(200);
      expect((await response.text()).length).toBeGreaterThan(100);
    });

    it('answers HEAD with the headers of GET and no body', async () => {
      const get = await fetch(`${gw.baseUrl}${path}`);
      const head = await fetch(`${gw.baseUrl}${path}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
      expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(await get.text())));
      expect(await head.text()).toBe('');
      const revalidated = await fetch(`${gw.baseUrl}${path}`, { method: 'HEAD', headers: { 'If-None-Match': get.headers.get('etag') ?? '' } });
      expect(revalidated.status).toBe(304);
    });

    it('answers 405 with Allow for another method', async () => {
      const response = await fetch(`${gw.baseUrl}${path}`, { method: 'DELETE' });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toMatch(/GET/);
      expect(await response.json()).toMatchObject({ code: 'method_not_allowed', status: 405 });
    });
  });
});
