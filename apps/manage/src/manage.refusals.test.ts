import type { RunningService } from '@petstore/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILING_REQUESTS_PER_CLIENT_PER_HOUR } from './mail-limit.js';
import { BrowserClient } from './testing/browser-client.js';
import { startManage, STORES } from './testing/start-manage.js';

const PASSWORD = 'correct horse battery staple 42';
let emails = 0;
const newEmail = () => `refused${(emails += 1)}.${Date.now()}@example.test`;

describe.each(STORES)('what the management API refuses, on the $name', ({ uri }) => {
  let service: RunningService;
  /** Signed in, for the cross-site checks; its session must outlive every refused request. */
  let browser: BrowserClient;
  beforeAll(async () => {
    service = await startManage({ mongodbUri: uri });
    browser = new BrowserClient(service.baseUrl);
    const email = newEmail();
    await browser.send('POST', '/sign-up', { body: { email, password: PASSWORD, accountName: 'Refusals' } });
    expect((await browser.send('POST', '/sign-in', { body: { email, password: PASSWORD } })).status).toBe(200);
  });
  afterAll(async () => {
    await service?.close();
  });

  describe('a request that changes something with the session cookie', () => {
    const refusedAndNothingChanged = async (headers: Record<string, string | undefined>, why: RegExp) => {
      const answer = await browser.send('POST', '/sign-out', { rawBody: '{}', headers });
      expect(answer.status, answer.text).toBe(403);
      expect(answer.body).toMatchObject({ code: 'forbidden', status: 403, message: expect.stringMatching(why) });
      expect(answer.headers.getSetCookie()).toEqual([]);
      expect((await browser.send('GET', '/session')).status).toBe(200);
    };

    it('is refused without an Origin, and the session lives on', async () => {
      await refusedAndNothingChanged({ Origin: undefined }, /must come from http:\/\/127\.0\.0\.1:\d+/);
    });

    it('is refused from another origin', async () => {
      await refusedAndNothingChanged({ Origin: 'https://evil.example' }, /must come from/);
    });

    it('is refused as a form, even from the service origin', async () => {
      await refusedAndNothingChanged({ 'Content-Type': 'application/x-www-form-urlencoded' }, /Content-Type: application\/json/);
      await refusedAndNothingChanged({ 'Content-Type': 'text/plain' }, /Content-Type: application\/json/);
    });

    it('passes with Sec-Fetch-Site: same-origin where the browser sent no Origin', async () => {
      const other = new BrowserClient(service.baseUrl);
      const email = newEmail();
      await other.send('POST', '/sign-up', { body: { email, password: PASSWORD, accountName: 'Fetch metadata' } });
      await other.send('POST', '/sign-in', { body: { email, password: PASSWORD } });
      const answer = await other.send('POST', '/sign-out', { rawBody: '{}', headers: { Origin: undefined, 'Sec-Fetch-Site': 'same-origin' } });
      expect(answer.status, answer.text).toBe(204);
    });
  });

  it('refuses a sign-up from a page of another origin, and nobody is signed up', async () => {
    const email = newEmail();
    const foreign = new BrowserClient(service.baseUrl, 'https://evil.example');
    const refused = await foreign.send('POST', '/sign-up', { body: { email, password: PASSWORD, accountName: 'Evil' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/another origin/) });
    expect((await new BrowserClient(service.baseUrl).send('POST', '/sign-in', { body: { email, password: PASSWORD } })).status).toBe(401);
  });

  it('answers bad input with a JSON error naming the field, and signs nobody up', async () => {
    const email = newEmail();
    const client = new BrowserClient(service.baseUrl);
    const cases: Array<[unknown, number, RegExp]> = [
      [{ email, password: PASSWORD }, 400, /accountName/],
      [{ email: 'not an address', password: PASSWORD, accountName: 'X' }, 400, /email: must be an email address/],
      [{ email, password: PASSWORD, accountName: 'X', admin: true }, 400, /unknown field "admin"/],
      [[email], 400, /body/],
    ];
    for (const [body, status, message] of cases) {
      const answer = await client.send('POST', '/sign-up', { body });
      expect(answer.status, answer.text).toBe(status);
      expect(answer.body).toMatchObject({ code: 'invalid_request', status, message: expect.stringMatching(message) });
    }
    const notJson = await client.send('POST', '/sign-up', { rawBody: 'email=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(notJson.status).toBe(415);
    expect(notJson.body).toMatchObject({ code: 'unsupported_media_type', status: 415 });
    const huge = await client.send('POST', '/sign-in', { body: { email, password: 'x'.repeat(64 * 1024) } });
    expect(huge.status).toBe(413);
    expect((await client.send('POST', '/sign-in', { body: { email, password: PASSWORD } })).status).toBe(401);
  });

  it('answers 404 for a path it does not have and 405 with Allow for a method a route lacks, as JSON errors', async () => {
    const client = new BrowserClient(service.baseUrl);
    const missing = await client.send('GET', '/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'not_found', status: 404 });
    const wrong = await client.send('GET', '/sign-in');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect(wrong.body).toMatchObject({ code: 'method_not_allowed', status: 405 });
  });

  it('answers a password reset request for a registered and an unregistered address byte for byte alike', async () => {
    const registered = newEmail();
    const client = new BrowserClient(service.baseUrl);
    await client.send('POST', '/sign-up', { body: { email: registered, password: PASSWORD, accountName: 'Known' } });
    const known = await client.send('POST', '/password-reset-requests', { body: { email: registered } });
    const unknown = await client.send('POST', '/password-reset-requests', { body: { email: newEmail() } });
    expect(known.status).toBe(202);
    expect([unknown.status, unknown.text]).toEqual([known.status, known.text]);
    const wrongPassword = await client.send('POST', '/sign-in', { body: { email: registered, password: `${PASSWORD}!` } });
    const nobody = await client.send('POST', '/sign-in', { body: { email: newEmail(), password: PASSWORD } });
    expect(wrongPassword.status).toBe(401);
    expect([nobody.status, nobody.text]).toEqual([wrongPassword.status, wrongPassword.text]);
  });
});

describe('the per-client budget of operations that may send mail', () => {
  it('refuses the sign-ups and reset requests of one client past the budget with 429 and Retry-After, and serves another client', async () => {
    const service = await startManage({ env: { PETSTORE_TRUST_PROXY: '1' } });
    try {
      const ask = (address: string) =>
        new BrowserClient(service.baseUrl).send('POST', '/password-reset-requests', {
          body: { email: newEmail() },
          headers: { 'X-Forwarded-For': address },
        });
      for (let sent = 0; sent < MAILING_REQUESTS_PER_CLIENT_PER_HOUR; sent += 1) expect((await ask('198.51.100.1')).status).toBe(202);
      const refused = await ask('198.51.100.1');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'rate_limited', status: 429 });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const signUp = await new BrowserClient(service.baseUrl).send('POST', '/sign-up', {
        body: { email: newEmail(), password: PASSWORD, accountName: 'Late' },
        headers: { 'X-Forwarded-For': '198.51.100.1' },
      });
      expect(signUp.status).toBe(429);
      expect((await ask('198.51.100.2')).status).toBe(202);
    } finally {
      await service.close();
    }
  });
});

describe('the password policy at sign-up', () => {
  it('refuses a weak password at sign-up however it is disguised (spaces, one character, widths, invisible characters), and signs nobody up', async () => {
    const service = await startManage({});
    const client = new BrowserClient(service.baseUrl);
    try {
      for (const password of [' '.repeat(12), 'aaaaaaaaaaaa', 'ｑｗｅｒｔｙ１２３４５６', 'qwerty\u200b123456']) {
        const email = newEmail();
        const answer = await client.send('POST', '/sign-up', { body: { email, password, accountName: 'Weak' } });
        expect(answer.body, JSON.stringify(password)).toMatchObject({ code: 'invalid_request', status: 400 });
        expect((await client.send('POST', '/sign-in', { body: { email, password } })).status).toBe(401);
      }
    } finally {
      await service.close();
    }
  });
});
