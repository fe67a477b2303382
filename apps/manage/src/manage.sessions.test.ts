import type { RunningService } from '@petstore/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionAnswer } from './openapi/answers.js';
import { SessionList } from './openapi/member-answers.js';
import { BrowserClient } from './testing/browser-client.js';
import { startManage, STORES } from './testing/start-manage.js';

const PASSWORD = 'correct horse battery staple 42';
let emails = 0;
const newEmail = () => `person${(emails += 1)}.${Date.now()}@example.test`;

/** A new person with an account of their own, signed up through the API; their email. */
async function signUp(client: BrowserClient, email = newEmail()): Promise<string> {
  const answer = await client.send('POST', '/sign-up', { body: { email, password: PASSWORD, accountName: 'Kennel Club' } });
  expect(answer.status, answer.text).toBe(202);
  return email;
}

describe.each(STORES)('sessions over HTTP, on the $name', ({ uri }) => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startManage({ mongodbUri: uri, logs: true });
  });
  afterAll(async () => {
    await service?.close();
  });
  const client = () => new BrowserClient(service.baseUrl);

  it('signs up, signs in with an HttpOnly SameSite=Lax cookie, shows the session, signs out, and then answers 401', async () => {
    const browser = client();
    const email = await signUp(browser);
    const signedIn = await browser.send('POST', '/sign-in', { body: { email, password: PASSWORD } });
    expect(signedIn.status, signedIn.text).toBe(200);
    const [cookie] = signedIn.headers.getSetCookie();
    expect(cookie).toMatch(/^petstore_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    expect(SessionAnswer.parse(signedIn.body).person.email).toBe(email);
    expect(signedIn.text).not.toContain(browser.token());

    const session = await browser.send('GET', '/session');
    expect(session.status).toBe(200);
    expect(SessionAnswer.parse(session.body)).toMatchObject({ person: { email }, account: { name: 'Kennel Club', role: 'owner' } });

    const token = browser.token();
    const signedOut = await browser.send('POST', '/sign-out');
    expect(signedOut.status, signedOut.text).toBe(204);
    expect(signedOut.headers.getSetCookie()).toEqual(['petstore_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0']);

    const again = await fetch(`${service.baseUrl}/manage/v1/session`, { headers: { Cookie: `petstore_session=${token}` } });
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(again.headers.getSetCookie()).toEqual(['petstore_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0']);
  });

  it('keeps a User-Agent sent in UTF-8 as the text it is, without control characters', async () => {
    const browser = client();
    const email = await signUp(browser);
    const sent = 'Mozilla/5.0 (Łódź; Ünïcode) Firéfox/130 \u0085\u009b31m';
    // fetch sends a header's characters as bytes (latin1): these are the UTF-8 bytes of `sent`, as a browser would send them.
    const utf8Bytes = Buffer.from(sent, 'utf8').toString('latin1');
    const signedIn = await browser.send('POST', '/sign-in', { body: { email, password: PASSWORD }, headers: { 'User-Agent': utf8Bytes } });
    expect(signedIn.status, signedIn.text).toBe(200);
    const listed = await browser.send('GET', '/sessions');
    const [session] = SessionList.parse(listed.body).sessions;
    expect(session?.userAgent).toBe('Mozilla/5.0 (Łódź; Ünïcode) Firéfox/130 31m');
  });

  it('answers 401 with the Error body to a session operation without a cookie, or with one naming no session', async () => {
    const none = await client().send('GET', '/session');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: 'unauthorized', status: 401, message: expect.stringMatching(/sign in/) });
    const forged = await client().send('GET', '/session', { headers: { Cookie: `petstore_session=${'A'.repeat(43)}` } });
    expect(forged.status).toBe(401);
  });

  it('gives every sign-in a new token; an earlier session stays valid until it is signed out', async () => {
    const first = client();
    const email = await signUp(first);
    await first.send('POST', '/sign-in', { body: { email, password: PASSWORD } });
    const second = client();
    await second.send('POST', '/sign-in', { body: { email, password: PASSWORD } });
    const firstToken = first.token();
    expect(second.token()).not.toBe(firstToken);
    expect((await first.send('GET', '/session')).status).toBe(200);
    expect((await second.send('GET', '/session')).status).toBe(200);
    await first.send('POST', '/sign-out');
    expect((await client().send('GET', '/session', { headers: { Cookie: `petstore_session=${firstToken}` } })).status).toBe(401);
    expect((await second.send('GET', '/session')).status).toBe(200);
  });

  it("ends every one of the person's sessions when signing out everywhere", async () => {
    const here = client();
    const email = await signUp(here);
    await here.send('POST', '/sign-in', { body: { email, password: PASSWORD } });
    const elsewhere = client();
    await elsewhere.send('POST', '/sign-in', { body: { email, password: PASSWORD } });
    const kept = elsewhere.token();
    const ended = await here.send('POST', '/sign-out-everywhere', { body: {} });
    expect(ended.status, ended.text).toBe(204);
    expect((await elsewhere.send('GET', '/session')).status).toBe(401);
    expect((await client().send('GET', '/session', { headers: { Cookie: `petstore_session=${kept}` } })).status).toBe(401);
  });

  it('changes the password with a new session for the one asking, ending the others, and signs in with the new password only', async () => {
    const here = client();
    const email = await signUp(here);
    await here.send('POST', '/sign-in', { body: { email, password: PASSWORD } });
    const elsewhere = client();
    await elsewhere.send('POST', '/sign-in', { body: { email, password: PASSWORD } });
    const before = here.token();
    const changed = await here.send('PUT', '/password', { body: { currentPassword: PASSWORD, newPassword: `${PASSWORD} and more` } });
    expect(changed.status, changed.text).toBe(200);
    expect(here.token()).not.toBe(before);
    expect((await here.send('GET', '/session')).status).toBe(200);
    expect((await elsewhere.send('GET', '/session')).status).toBe(401);
    expect((await client().send('POST', '/sign-in', { body: { email, password: PASSWORD } })).status).toBe(401);
    expect((await client().send('POST', '/sign-in', { body: { email, password: `${PASSWORD} and more` } })).status).toBe(200);
  });

  it('never shows a session token in a body after the answer that set it, nor in the log or the audit trail', async () => {
    const browser = client();
    const email = await signUp(browser);
    const answers = [await browser.send('POST', '/sign-in', { body: { email, password: PASSWORD } })];
    const token = browser.token();
    answers.push(await browser.send('GET', '/session'), await browser.send('POST', '/sign-out'), await browser.send('GET', '/session'));
    for (const answer of answers) expect(answer.text).not.toContain(token);
    await new Promise((resolve) => setImmediate(resolve));
    const log = JSON.stringify(service.readLog());
    expect(log).toContain('/manage/v1/sign-in');
    expect(log).not.toContain(token);
    expect(log).not.toContain(PASSWORD);
    const audit = JSON.stringify(await service.runtime.accounts.listAudit({}));
    expect(audit).toContain('sign');
    expect(audit).not.toContain(token);
    expect(audit).not.toContain(PASSWORD);
  });
});

describe('the session cookie when PUBLIC_BASE_URL is https', () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startManage({ env: { PUBLIC_BASE_URL: 'https://petstore.example' } });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('is Secure and named with the __Host- prefix, and a change must come from the public origin', async () => {
    const browser = new BrowserClient(service.baseUrl, 'https://petstore.example');
    const email = await signUp(browser);
    const signedIn = await browser.send('POST', '/sign-in', { body: { email, password: PASSWORD } });
    expect(signedIn.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^__Host-petstore_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure; Max-Age=\d+$/),
    ]);
    expect((await browser.send('GET', '/session')).status).toBe(200);
    const fromTheServerItself = await browser.send('POST', '/sign-out', { rawBody: '{}', headers: { Origin: service.baseUrl } });
    expect(fromTheServerItself.status).toBe(403);
    const signedOut = await browser.send('POST', '/sign-out', { rawBody: '{}' });
    expect(signedOut.status).toBe(204);
    expect(signedOut.headers.getSetCookie()).toEqual(['__Host-petstore_session=; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=0']);
  });
});
