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

  it('ends every older reset link of a person when their password is reset or changed, as if it had been used', async () => {
    const email = newEmail();
    await new BrowserClient(service.baseUrl).send('POST', '/sign-up', { body: { email, password: PASSWORD, accountName: 'Twice reset' } });
    const resetLink = async () => tokenOf((await service.runtime.people.resetLinkFor(email)).link);
    const reset = (token: string, password: string) =>
      new BrowserClient(service.baseUrl).send('POST', '/password-resets', { body: { token, password } });
    const older = await resetLink();
    const newer = await resetLink();
    expect((await reset(newer, `new ${PASSWORD}`)).status).toBe(204);
    const used = await reset(newer, `other ${PASSWORD}`);
    expect(used.body).toMatchObject({ code: 'gone', status: 410 });
    const ended = await reset(older, `other ${PASSWORD}`);
    expect([ended.status, ended.text]).toEqual([used.status, used.text]);

    const beforeChange = await resetLink();
    const browser = new BrowserClient(service.baseUrl);
    expect((await browser.send('POST', '/sign-in', { body: { email, password: `new ${PASSWORD}` } })).status).toBe(200);
    const changed = await browser.send('PUT', '/password', { body: { currentPassword: `new ${PASSWORD}`, newPassword: `changed ${PASSWORD}` } });
    expect(changed.status, changed.text).toBe(200);
    const afterChange = await reset(beforeChange, `other ${PASSWORD}`);
    expect([afterChange.status, afterChange.text]).toEqual([used.status, used.text]);
    expect((await new BrowserClient(service.baseUrl).send('POST', '/sign-in', { body: { email, password: `changed ${PASSWORD}` } })).status).toBe(
      200,
    );
    // A link asked for after the change works.
    expect((await reset(await resetLink(), `latest ${PASSWORD}`)).status).toBe(204);
  });
});
