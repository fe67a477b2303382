import type { RunningService } from '@petstore/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionAnswer } from './openapi/answers.js';
import { BrowserClient } from './testing/browser-client.js';
import { startManage, STORES } from './testing/start-manage.js';

const PASSWORD = 'correct horse battery staple 42';
let emails = 0;
const newEmail = () => `linked${(emails += 1)}.${Date.now()}@example.test`;
/** The token of a one-time link, which travels in its fragment. */
const tokenOf = (link: string) => new URL(link).hash.replace(/^#token=/, '');

describe.each(STORES)('one-time links the operator hands out, followed over HTTP, on the $name', ({ uri }) => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startManage({ mongodbUri: uri });
  });
  afterAll(async () => {
    await service?.close();
  });

  it("accepts an invitation into an owner's account once, signing the new member in with a cookie", async () => {
    const owner = new BrowserClient(service.baseUrl);
    const ownerEmail = newEmail();
    await owner.send('POST', '/sign-up', { body: { email: ownerEmail, password: PASSWORD, accountName: 'Shelter' } });
    const signedIn = SessionAnswer.parse((await owner.send('POST', '/sign-in', { body: { email: ownerEmail, password: PASSWORD } })).body);
    const email = newEmail();
    const { link } = await service.runtime.people.inviteAsOperator(signedIn.account.id, { email });

    const member = new BrowserClient(service.baseUrl);
    const accepted = await member.send('POST', '/invitations/accept', { body: { token: tokenOf(link.link), email, password: PASSWORD } });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.headers.getSetCookie()).toEqual([expect.stringMatching(/^petstore_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly/)]);
    expect(SessionAnswer.parse(accepted.body).account).toEqual({ id: signedIn.account.id, name: 'Shelter', role: 'member' });
    expect(SessionAnswer.parse((await member.send('GET', '/session')).body).person.email).toBe(email);

    const again = await new BrowserClient(service.baseUrl).send('POST', '/invitations/accept', {
      body: { token: tokenOf(link.link), email, password: PASSWORD },
    });
    expect(again.body).toMatchObject({ code: 'gone', status: 410, message: expect.stringMatching(/used/) });
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('resets a password by the link, ending every session, and signs in with the new one only', async () => {
    const browser = new BrowserClient(service.baseUrl);
    const email = newEmail();
    await browser.send('POST', '/sign-up', { body: { email, password: PASSWORD, accountName: 'Forgetful' } });
    await browser.send('POST', '/sign-in', { body: { email, password: PASSWORD } });
    const { link } = await service.runtime.people.resetLinkFor(email);

    const reset = await new BrowserClient(service.baseUrl).send('POST', '/password-resets', {
      body: { token: tokenOf(link), password: `new ${PASSWORD}` },
    });
    expect(reset.status, reset.text).toBe(204);
    expect((await browser.send('GET', '/session')).status).toBe(401);
    expect((await new BrowserClient(service.baseUrl).send('POST', '/sign-in', { body: { email, password: PASSWORD } })).status).toBe(401);
    expect((await new BrowserClient(service.baseUrl).send('POST', '/sign-in', { body: { email, password: `new ${PASSWORD}` } })).status).toBe(200);
    const reused = await new BrowserClient(service.baseUrl).send('POST', '/password-resets', {
      body: { token: tokenOf(link), password: `other ${PASSWORD}` },
    });
    expect(reused.body).toMatchObject({ code: 'gone', status: 410 });
  });
});
