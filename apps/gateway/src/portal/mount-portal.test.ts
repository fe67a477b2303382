import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';
import { builtPortalDirectory, readPortalFiles } from './portal-files.js';
import { PORTAL_CSP } from './mount-portal.js';

/** The built portal's files, as the gateway serves them, over HTTP to a listening gateway. */
describe('the portal at /portal', () => {
  let gw: TestGateway;
  const files = readPortalFiles(builtPortalDirectory());
  const script = [...files.keys()].find((path) => path.startsWith('/assets/') && path.endsWith('.js'))!;
  const get = (path: string, init?: RequestInit) => fetch(`${gw.baseUrl}${path}`, init);
  beforeAll(async () => {
    gw = await startTestGateway({ mongodbUri: null });
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('answers its page, and every path of the page (the mailed links among them), with index.html, checked each time', async () => {
    const index = files.get('/index.html')!.body.toString('utf8');
    for (const path of ['/portal', '/portal/', '/portal/keys', '/portal/keys/key_abc', '/portal/verify-email', '/portal/reset-password']) {
      const answer = await get(path);
      expect([path, answer.status, answer.headers.get('content-type'), answer.headers.get('cache-control')]).toEqual([
        path,
        200,
        'text/html; charset=utf-8',
        'no-cache',
      ]);
      expect(await answer.text()).toBe(index);
    }
    expect(index).toContain(`src="/portal${script}"`);
  });

  it('serves its hashed assets with their content type, cached for good', async () => {
    const answer = await get(`/portal${script}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await answer.arrayBuffer()).equals(files.get(script)!.body)).toBe(true);
  });

  it('answers a missing asset 404 in the Error shape, never with the page in place of a script', async () => {
    const answer = await get('/portal/assets/missing-0000.js');
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ code: 'not_found', status: 404 });
    expect((await get('/portal/..%2f..%2fpackage.json')).headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('refuses a change: 405 with Allow', async () => {
    const answer = await get('/portal/keys', { method: 'POST' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, HEAD');
    expect(await answer.json()).toMatchObject({ code: 'method_not_allowed', status: 405 });
  });

  it('sends its Content-Security-Policy on its own answers only: /docs and the APIs keep theirs', async () => {
    for (const path of ['/portal/sign-in', `/portal${script}`]) {
      const answer = await get(path);
      expect(answer.headers.get('content-security-policy')).toBe(PORTAL_CSP);
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
    }
    expect(PORTAL_CSP).toMatch(/^default-src 'self';/);
    expect(PORTAL_CSP).not.toContain('unsafe-inline');
    expect((await get('/manage/v1/session')).headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect((await get('/v1/pets')).headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect((await get('/docs')).headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline';/,
    );
  });
});
