import type { RunningService } from '@petstore/service-kit';
import { startSmtpTestServer, tokenLink, type SmtpTestServer } from '@petstore/testing/smtp-test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILING_REQUESTS_PER_CLIENT_PER_HOUR } from './mail-limit.js';
import { SessionAnswer } from './openapi/answers.js';
import { CreatedInvitationAnswer, InvitationList } from './openapi/member-answers.js';
import { BrowserClient } from './testing/browser-client.js';
import { invitationToken, newEmail, newOwner, newVerifiedOwner, PASSWORD, signIn, type SignedInPerson } from './testing/people.js';
import { startManage, STORES } from './testing/start-manage.js';

const invitationsTo = async (owner: SignedInPerson, email: string) =>
  InvitationList.parse((await owner.browser.send('GET', '/invitations')).body).invitations.filter((each) => each.email === email);

describe.each(STORES)('inviteMember without mail, on the $name', ({ uri }) => {
  let service: RunningService;
  let owner: SignedInPerson;
  beforeAll(async () => {
    service = await startManage({ mongodbUri: uri, logs: true });
    owner = await newOwner(service.baseUrl);
  });
  afterAll(async () => {
    await service?.close();
  });

  it('answers the one-time link, once, and the invited address joins the account by it', async () => {
    const email = newEmail('invited');
    const invited = await owner.browser.send('POST', '/invitations', { body: { email, role: 'owner' } });
    const token = invitationToken(invited);
    expect(CreatedInvitationAnswer.parse(invited.body).invitation).toMatchObject({ email, role: 'owner', invitedBy: `person:${owner.personId}` });
    const listed = await owner.browser.send('GET', '/invitations');
    expect(listed.text).toContain(email);
    expect(listed.text).not.toContain(token);

    const browser = new BrowserClient(service.baseUrl);
    const accepted = await browser.send('POST', '/invitations/accept', { body: { token, email, password: PASSWORD } });
    expect(accepted.status, accepted.text).toBe(200);
    expect(SessionAnswer.parse(accepted.body).account).toMatchObject({ id: owner.accountId, role: 'owner' });
    const [invitation] = await invitationsTo(owner, email);
    expect(invitation?.acceptedAt).not.toBeNull();
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.stringify(service.readLog())).not.toContain(token);
    expect(JSON.stringify(await service.runtime.accounts.listAudit({}))).not.toContain(token);
  });

  it('creates no second invitation for a retry with the same Idempotency-Key: 409 naming it, as its link is not shown twice', async () => {
    const email = newEmail('retried');
    const key = `invite-${email}`;
    const first = await owner.browser.send('POST', '/invitations', { body: { email }, headers: { 'Idempotency-Key': key } });
    const { invitation } = CreatedInvitationAnswer.parse(first.body);
    invitationToken(first);
    const retry = await owner.browser.send('POST', '/invitations', { body: { email }, headers: { 'Idempotency-Key': key } });
    expect(retry.body).toMatchObject({ status: 409, code: 'conflict', message: expect.stringContaining(invitation.id) });
    const other = await owner.browser.send('POST', '/invitations', { body: { email: newEmail() }, headers: { 'Idempotency-Key': key } });
    expect(other.body).toMatchObject({ status: 409, code: 'conflict', message: expect.stringMatching(/different invitation/) });
    expect((await invitationsTo(owner, email)).map((each) => each.id)).toEqual([invitation.id]);

    // Another account's same key is its own: it names nothing of this account.
    const stranger = await newOwner(service.baseUrl);
    const theirs = await stranger.browser.send('POST', '/invitations', { body: { email }, headers: { 'Idempotency-Key': key } });
    expect(theirs.status, theirs.text).toBe(201);
    expect(CreatedInvitationAnswer.parse(theirs.body).invitation.id).not.toBe(invitation.id);
  });

  it('makes one invitation of ten concurrent requests with one Idempotency-Key, every time', async () => {
    for (let round = 0; round < 3; round += 1) {
      const email = newEmail('concurrent');
      const headers = { 'Idempotency-Key': `concurrent-${email}` };
      const answers = await Promise.all(Array.from({ length: 10 }, () => owner.browser.send('POST', '/invitations', { body: { email }, headers })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
      expect(await invitationsTo(owner, email)).toHaveLength(1);
    }
  });

  it('refuses a malformed Idempotency-Key, and input that is not an invitation, with 400 and changes nothing', async () => {
    const email = newEmail('refused');
    const badKey = await owner.browser.send('POST', '/invitations', { body: { email }, headers: { 'Idempotency-Key': 'has spaces' } });
    expect(badKey.body).toMatchObject({ status: 400, message: expect.stringMatching(/^Idempotency-Key/) });
    for (const body of [{ email: 'not an address' }, { email, role: 'admin' }, { email, extra: 1 }]) {
      const answer = await owner.browser.send('POST', '/invitations', { body });
      expect(answer.body, JSON.stringify(body)).toMatchObject({ status: 400, code: 'invalid_request' });
    }
    expect(await invitationsTo(owner, email)).toEqual([]);
  });

  it('withdraws an open invitation: its link opens nothing, and one accepted cannot be withdrawn', async () => {
    const email = newEmail('withdrawn');
    const invited = await owner.browser.send('POST', '/invitations', { body: { email } });
    const token = invitationToken(invited);
    const { id } = CreatedInvitationAnswer.parse(invited.body).invitation;
    expect((await owner.browser.send('DELETE', `/invitations/${id}`)).status).toBe(204);
    expect((await owner.browser.send('DELETE', `/invitations/${id}`)).status).toBe(204);
    expect((await invitationsTo(owner, email))[0]?.revokedAt).not.toBeNull();
    const refused = await new BrowserClient(service.baseUrl).send('POST', '/invitations/accept', { body: { token, email, password: PASSWORD } });
    expect(refused.body).toMatchObject({ status: 410 });

    const acceptedEmail = newEmail('accepted');
    const acceptedInvitation = await owner.browser.send('POST', '/invitations', { body: { email: acceptedEmail } });
    await new BrowserClient(service.baseUrl).send('POST', '/invitations/accept', {
      body: { token: invitationToken(acceptedInvitation), email: acceptedEmail, password: PASSWORD },
    });
    const late = await owner.browser.send('DELETE', `/invitations/${CreatedInvitationAnswer.parse(acceptedInvitation.body).invitation.id}`);
    expect(late.body).toMatchObject({ status: 409, code: 'conflict' });
  });

  it('answers a wrong password and a person in an account already alike, and a weak password with 400 whoever has the address', async () => {
    const accept = (token: string, email: string, password: string) =>
      new BrowserClient(service.baseUrl).send('POST', '/invitations/accept', { body: { token, email, password } });
    // Someone who signed up elsewhere: a person in an account of their own, whose password is PASSWORD.
    const taken = await newOwner(service.baseUrl);
    const takenToken = invitationToken(await owner.browser.send('POST', '/invitations', { body: { email: taken.email } }));
    const wrong = await accept(takenToken, taken.email, `not ${PASSWORD}`);
    expect(wrong.body).toMatchObject({ status: 401, code: 'unauthorized' });
    const right = await accept(takenToken, taken.email, PASSWORD);
    expect([right.status, right.text]).toEqual([wrong.status, wrong.text]);

    const free = newEmail('free');
    const freeToken = invitationToken(await owner.browser.send('POST', '/invitations', { body: { email: free } }));
    const weakTaken = await accept(takenToken, taken.email, 'too short');
    const weakFree = await accept(freeToken, free, 'too short');
    expect(weakFree.body).toMatchObject({ status: 400, code: 'invalid_request' });
    expect([weakTaken.status, weakTaken.text]).toEqual([weakFree.status, weakFree.text]);
    // Nothing was spent: the free address still joins by its link.
    expect((await accept(freeToken, free, PASSWORD)).status).toBe(200);
  });

  it('does not charge invitations it does not mail to the mailing budget', async () => {
    for (let sent = 0; sent <= MAILING_REQUESTS_PER_CLIENT_PER_HOUR; sent += 1) {
      const answer = await owner.browser.send('POST', '/invitations', { body: { email: newEmail('unmailed') } });
      expect(answer.status, answer.text).toBe(201);
    }
  });
});

describe.each(STORES)('inviteMember with mail, on the $name', ({ uri }) => {
  let smtp: SmtpTestServer;
  let service: RunningService;
  let owner: SignedInPerson;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    service = await startManage({
      mongodbUri: uri,
      logs: true,
      env: { PETSTORE_SMTP_URL: smtp.url, PETSTORE_MAIL_FROM: 'Pet Store <no-reply@petstore.example>' },
    });
    owner = await newVerifiedOwner(service.baseUrl, smtp, 'Mailed Kennel');
  });
  afterAll(async () => {
    await service?.close();
    await smtp?.close();
  });
  const mailsTo = (email: string) => smtp.received().filter((mail) => mail.to.includes(email));

  it('mails the link and leaves it out of the answer; the address joins by the mailed link', async () => {
    const email = newEmail('mailed');
    const invited = await owner.browser.send('POST', '/invitations', { body: { email } });
    expect(invited.status, invited.text).toBe(201);
    expect(CreatedInvitationAnswer.parse(invited.body).link).toBeNull();
    const mail = await smtp.nextMessage(email);
    expect(mail.subject).toBe('Your invitation to an account at the pet store');
    const { token } = tokenLink(mail.text);
    expect(invited.text).not.toContain(token);
    const accepted = await new BrowserClient(service.baseUrl).send('POST', '/invitations/accept', { body: { token, email, password: PASSWORD } });
    expect(accepted.status, accepted.text).toBe(200);
    expect(SessionAnswer.parse(accepted.body).account).toMatchObject({ id: owner.accountId, role: 'member' });
  });

  it('refuses an owner whose address is not verified with 403, and mails nothing; the same owner invites once verified', async () => {
    const ownerEmail = newEmail('unverified-owner');
    const browser = new BrowserClient(service.baseUrl);
    await browser.send('POST', '/sign-up', { body: { email: ownerEmail, password: PASSWORD, accountName: 'Unverified Kennel' } });
    const verification = await smtp.nextMessage(ownerEmail);
    const unverified = await signIn(service.baseUrl, ownerEmail);
    const email = newEmail('not-invited');
    const refused = await unverified.browser.send('POST', '/invitations', { body: { email } });
    expect(refused.body).toMatchObject({ status: 403, code: 'forbidden', message: expect.stringMatching(/^verify your email address first/) });
    expect(InvitationList.parse((await unverified.browser.send('GET', '/invitations')).body).invitations).toEqual([]);
    expect((await browser.send('POST', '/verify-email', { body: { token: tokenLink(verification.text).token } })).status).toBe(204);
    expect((await unverified.browser.send('POST', '/invitations', { body: { email } })).status).toBe(201);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("names the account in the mail's text only, quoted as a name, never in its subject", async () => {
    const name = 'Pet Store Security Team: your account is locked, "restore" it at https://restore.example';
    const phisher = await newVerifiedOwner(service.baseUrl, smtp, name);
    const email = newEmail('phished');
    expect((await phisher.browser.send('POST', '/invitations', { body: { email } })).status).toBe(201);
    const mail = await smtp.nextMessage(email);
    expect(mail.subject).toBe('Your invitation to an account at the pet store');
    expect(mail.text).toContain(`You are invited to join the account ${JSON.stringify(name)} at the pet store.`);
    expect(mail.text.split('your account is locked')).toHaveLength(2);
  });

  it('answers a retry with the same Idempotency-Key as the first time, and mails once', async () => {
    const email = newEmail('mailed-retry');
    const headers = { 'Idempotency-Key': `mailed-${email}` };
    const first = await owner.browser.send('POST', '/invitations', { body: { email }, headers });
    expect(first.status, first.text).toBe(201);
    await smtp.nextMessage(email);
    const retry = await owner.browser.send('POST', '/invitations', { body: { email }, headers });
    expect([retry.status, retry.text]).toEqual([201, first.text]);
    expect(mailsTo(email)).toHaveLength(1);
  });
});

describe.each(STORES)("the mailing budget and an owner's invitations, on the $name", ({ uri }) => {
  let smtp: SmtpTestServer;
  let service: RunningService;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    service = await startManage({ mongodbUri: uri, env: { PETSTORE_SMTP_URL: smtp.url, PETSTORE_MAIL_FROM: 'no-reply@petstore.example' } });
  });
  afterAll(async () => {
    await service?.close();
    await smtp?.close();
  });

  it('charges each mailed invitation to the same per-client budget as sign-ups, refusing past it with 429 and mailing nothing', async () => {
    const owner = await newVerifiedOwner(service.baseUrl, smtp, 'Busy Kennel');
    // The sign-up spent one of the budget.
    for (let sent = 1; sent < MAILING_REQUESTS_PER_CLIENT_PER_HOUR; sent += 1) {
      const answer = await owner.browser.send('POST', '/invitations', { body: { email: newEmail('budget') } });
      expect(answer.status, answer.text).toBe(201);
    }
    const past = newEmail('past-budget');
    const refused = await owner.browser.send('POST', '/invitations', { body: { email: past } });
    expect(refused.body).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(smtp.received().filter((mail) => mail.to.includes(past))).toEqual([]);
    const listed = InvitationList.parse((await owner.browser.send('GET', '/invitations')).body).invitations;
    expect(listed.map((each) => each.email)).not.toContain(past);
    expect(listed).toHaveLength(MAILING_REQUESTS_PER_CLIENT_PER_HOUR - 1);
  });
});
