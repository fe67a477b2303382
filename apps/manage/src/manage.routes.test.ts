import type { RunningService } from '@petstore/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from './manage-routes.js';
import { BrowserClient } from './testing/browser-client.js';
import { startManage, STORES } from './testing/start-manage.js';

/** Each template of the door's table with the methods its routes declare, HEAD with GET as the router adds it. */
const METHODS_BY_TEMPLATE = new Map<string, Set<string>>();
for (const { method, template } of ROUTES) {
  const methods = METHODS_BY_TEMPLATE.get(template) ?? new Set<string>();
  for (const each of method === 'GET' ? ['HEAD', 'GET'] : [method]) methods.add(each);
  METHODS_BY_TEMPLATE.set(template, methods);
}

/** A path the template stands for: each parameter a plain value, as a client would fill it. */
const pathOf = (template: string): string => template.replace(/:\w+/g, 'abc123');
const sorted = (allow: string | null): string[] => (allow ?? '').split(/,\s*/).filter(Boolean).sort();

describe.each(STORES)('the routes of the management door, on the $name', ({ uri }) => {
  let service: RunningService;
  let browser: BrowserClient;
  beforeAll(async () => {
    service = await startManage({ mongodbUri: uri });
    browser = new BrowserClient(service.baseUrl);
  });
  afterAll(async () => {
    await service?.close();
  });

  it('answer OPTIONS on every path of the table with exactly its own methods: a literal path is never matched by a templated one', async () => {
    const wrong: string[] = [];
    for (const [template, methods] of METHODS_BY_TEMPLATE) {
      const answer = await browser.send('OPTIONS', pathOf(template));
      const allow = sorted(answer.headers.get('allow'));
      if (answer.status !== 200 || allow.join() !== [...methods].sort().join()) wrong.push(`${template}: ${answer.status} Allow ${allow.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a method a literal path lacks with 405, though a templated route has it', async () => {
    const answer = await browser.send('DELETE', '/invitations/accept', { rawBody: '{}' });
    expect(answer.status, answer.text).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
    expect(answer.body).toMatchObject({ code: 'method_not_allowed', status: 405 });
  });
});
