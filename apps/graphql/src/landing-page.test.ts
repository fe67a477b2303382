import { afterEach, describe, expect, it } from 'vitest';
import { startGraphql, type TestGraphql } from './testing/start-graphql.js';

let door: TestGraphql | undefined;
afterEach(async () => {
  await door?.close();
  door = undefined;
});

const asBrowser = { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } };

/** Every absolute http(s) URL in a page. */
const absoluteUrls = (html: string): string[] => html.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];

describe('the landing page', () => {
  it('names the endpoint and shows a curl example, loading nothing from other hosts', async () => {
    door = await startGraphql({ options: { landingPage: true }, publicBaseUrl: 'https://pets.example.com' });
    const response = await fetch(door.url, asBrowser);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(html).toContain('https://pets.example.com/graphql');
    expect(html).toMatch(/curl -X POST/);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
    expect(absoluteUrls(html).every((url) => url.startsWith('https://pets.example.com/'))).toBe(true);
  });

  it('holds no absolute URL at all when the public address is not configured', async () => {
    door = await startGraphql({ options: { landingPage: true } });
    const html = await (await fetch(door.url, asBrowser)).text();
    expect(html).toContain('&#60;BASE_URL&#62;/graphql');
    expect(absoluteUrls(html)).toEqual([]);
  });

  it('is not served unless switched on: a browser GET is then a request like any other, and needs a key', async () => {
    door = await startGraphql();
    const response = await fetch(door.url, asBrowser);
    expect(response.headers.get('content-type')).not.toMatch(/html/);
    expect(response.status).toBe(401);
  });
});
