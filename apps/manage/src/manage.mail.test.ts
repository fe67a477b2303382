import type { RunningService } from '@petstore/service-kit';
import { startSmtpTestServer, tokenLink, type SmtpTestServer } from '@petstore/testing/smtp-test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionAnswer } from './openapi/answers.js';
import { BrowserClient } from './testing/browser-client.js';
import { newVerifiedOwner } from './testing/people.js';
import { startManage, STORES } from './testing/start-manage.js';

const PASSWORD = 'correct horse battery staple 42';
let emails = 0;
const newEmail = () => `mailed${(emails += 1)}.${Date.now()}@example.test`;

describe.each(STORES)('the management API with mail, on the $name', ({ uri }) => {
  let smtp: SmtpTestServer;
  let service: RunningService;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    service = await startManage({
      mongodbUri: uri,
      logs: true,
      env: { PETSTORE_SMTP_URL: smtp.url, PETSTORE_MAIL_FROM: 'Pet Store <no-reply@petstore.example>' },
    });
  });
  afterAll(async () => {
    await service?.close();
    await smtp?.close();
  });

  it('signs up, verifies the address by the link in the mail the SMTP server received, signs in and out', async () => {
    const browser = new BrowserClient(service.baseUrl);
    const email = newEmail();
    const signedUp = await browser.send('POST', '/sign-up', { body: { email, password: PASSWORD, accountName: 'Mailed Kennel' } });
    expect(signedUp.status, signedUp.text).toBe(202);
    expect(signedUp.body).toEqual({ email, verificationRequired: true, delivery: 'mail' });
    const { token } = tokenLink((await smtp.nextMessage(email)).text);

    const before = await browser.send('POST', '/sign-in', { body: { email, password: PASSWORD } });
    expect(before.status, before.text).toBe(200);
    expect(SessionAnswer.parse(before.body).person.emailVerified).toBe(false);

    const verified = await browser.send('POST', '/verify-email', { body: { token } });
    expect(verified.status, verified.text).toBe(204);
    expect(SessionAnswer.parse((await browser.send('GET', '/session')).body).person.emailVerified).toBe(true);
    expect((await browser.send('POST', '/verify-email', { body: { token } })).body).toMatchObject({ code: 'gone', status: 410 });

    expect((await browser.send('POST', '/sign-out')).status).toBe(204);
    expect((await browser.send('GET', '/session')).status).toBe(401);
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.stringify(service.readLog())).not.toContain(token);
    expect(JSON.stringify(await service.runtime.accounts.listAudit({}))).not.toContain(token);
  });

  it('answers a sign-up with a registered address byte for byte as with a new one, and mails the registered person no new account', async () => {
    const client = new BrowserClient(service.baseUrl);
    const email = newEmail();
    const first = await client.send('POST', '/sign-up', { body: { email, password: PASSWORD, accountName: 'First' } });
    await smtp.nextMessage(email);
    const again = await client.send('POST', '/sign-up', { body: { email, password: `other ${PASSWORD}`, accountName: 'Second' } });
    expect([again.status, again.text]).toEqual([first.status, first.text]);
    expect((await client.send('POST', '/sign-in', { body: { email, password: `other ${PASSWORD}` } })).status).toBe(401);
  });

  it("mails an owner's invitation, and the invited address joins the account by its link, once", async () => {
    const owner = await newVerifiedOwner(service.baseUrl, smtp, 'Invited Kennel');
    const email = newEmail();
    const created = await owner.browser.send('POST', '/invitations', { body: { email } });
    expect(created.status, created.text).toBe(201);
    expect(created.body?.['link']).toBeNull();
    const { token } = tokenLink((await smtp.nextMessage(email)).text);

    const member = new BrowserClient(service.baseUrl);
    const accepted = await member.send('POST', '/invitations/accept', { body: { token, email, password: PASSWORD } });
    expect(accepted.status, accepted.text).toBe(200);
    expect(SessionAnswer.parse(accepted.body).account).toEqual({ id: owner.accountId, name: 'Invited Kennel', role: 'member' });
    const members = await service.runtime.people.listMembers(owner.personId, owner.accountId);
    expect(members.map(({ person, role }) => [person.email, role])).toEqual([
      [owner.email, 'owner'],
      [email, 'member'],
    ]);
    const again = await new BrowserClient(service.baseUrl).send('POST', '/invitations/accept', { body: { token, email, password: PASSWORD } });
    expect(again.body).toMatchObject({ code: 'gone', status: 410 });
    expect(JSON.stringify(await service.runtime.accounts.listAudit({}))).not.toContain(token);
  });

  it('resets a forgotten password by the mailed link', async () => {
    const browser = new BrowserClient(service.baseUrl);
    const email = newEmail();
    await browser.send('POST', '/sign-up', { body: { email, password: PASSWORD, accountName: 'Forgetful' } });
    await smtp.nextMessage(email);
    expect((await browser.send('POST', '/password-reset-requests', { body: { email } })).status).toBe(202);
    const { token } = tokenLink((await smtp.nextMessage(email)).text);
    expect((await browser.send('POST', '/password-resets', { body: { token, password: `new ${PASSWORD}` } })).status).toBe(204);
    expect((await browser.send('POST', '/sign-in', { body: { email, password: `new ${PASSWORD}` } })).status).toBe(200);
  });
});
