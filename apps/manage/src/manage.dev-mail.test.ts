import type { RunningService } from '@petstore/service-kit';
import { tokenLink } from '@petstore/testing/smtp-test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionAnswer } from './openapi/answers.js';
import { BrowserClient } from './testing/browser-client.js';
import { newEmail, newOwner, PASSWORD } from './testing/people.js';
import { startManage, STORES } from './testing/start-manage.js';

/** The last message written to the output for `to`. */
function writtenTo(output: string[], to: string): string {
  const messages = output.join('').split(/^── end of mail ─+$/m);
  const message = messages.findLast((text) => text.includes(`To: ${to}\n`));
  if (!message) throw new Error(`no message to ${to} in the output:\n${output.join('')}`);
  return message;
}

/**
 * Development without SMTP (issue 39, finding 5): every message is written to the service's
 * output, and the answers that send one say so, so that neither the portal nor a client says
 * "mailed" when nothing was.
 */
describe.each(STORES)('the management API in development without SMTP, on the $name', ({ uri }) => {
  const output: string[] = [];
  let service: RunningService;
  beforeAll(async () => {
    service = await startManage({ mongodbUri: uri, mailOutput: (text) => output.push(text) });
  });
  afterAll(() => service?.close());

  /** Signs up, as the answer says, follows the verification link written to the output, and stays signed in. */
  async function verifiedOwner(): Promise<{ browser: BrowserClient; email: string }> {
    const browser = new BrowserClient(service.baseUrl);
    const email = newEmail('written');
    const signedUp = await browser.send('POST', '/sign-up', { body: { email, password: PASSWORD, accountName: 'Written Kennel' } });
    expect(signedUp.status, signedUp.text).toBe(202);
    expect(signedUp.body).toEqual({ email, verificationRequired: true, delivery: 'output' });
    await expect.poll(() => output.join('')).toContain(`To: ${email}\n`);
    const { token } = tokenLink(writtenTo(output, email));
    expect((await browser.send('POST', '/sign-in', { body: { email, password: PASSWORD } })).status).toBe(200);
    expect((await browser.send('POST', '/verify-email', { body: { token } })).status).toBe(204);
    return { browser, email };
  }

  it('writes the verification mail to the output, says so in the sign-up answer, and its link verifies the address', async () => {
    const { browser } = await verifiedOwner();
    expect(SessionAnswer.parse((await browser.send('GET', '/session')).body).person.emailVerified).toBe(true);
  });

  it("answers a reset request saying the link is in the service's output, and the written link resets the password", async () => {
    const owner = await newOwner(service.baseUrl);
    const client = new BrowserClient(service.baseUrl);
    const asked = await client.send('POST', '/password-reset-requests', { body: { email: owner.email } });
    expect(asked.status, asked.text).toBe(202);
    expect(asked.body).toEqual({
      message:
        "if a person has this address, a link to reset their password was written to the service's output (development: no mail server is configured)",
      delivery: 'output',
    });
    // Mailed after the answer, so that its timing tells nobody whether the address is known.
    await expect.poll(() => output.join('')).toContain(`To: ${owner.email}\nSubject: Reset your pet store password`);
    const { token } = tokenLink(writtenTo(output, owner.email));
    const reset = await client.send('POST', '/password-resets', { body: { token, password: `new ${PASSWORD}` } });
    expect(reset.status, reset.text).toBe(204);
    expect((await client.send('POST', '/sign-in', { body: { email: owner.email, password: `new ${PASSWORD}` } })).status).toBe(200);
  });

  it("says an owner's invitation was written to the output, where its link is", async () => {
    const owner = await verifiedOwner();
    const email = newEmail('invited');
    const created = await owner.browser.send('POST', '/invitations', { body: { email } });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ link: null, delivery: 'output' });
    expect(tokenLink(writtenTo(output, email)).url).toMatch(/\/portal\/accept-invitation#token=/);
  });
});

describe('the management API without any mail (production without SMTP)', () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startManage({});
  });
  afterAll(() => service?.close());

  it('says no mail is sent: neither a sign-up nor a reset request pretends one was', async () => {
    const email = newEmail('unmailed');
    const signedUp = await new BrowserClient(service.baseUrl).send('POST', '/sign-up', { body: { email, password: PASSWORD, accountName: 'Quiet' } });
    expect(signedUp.body).toEqual({ email, verificationRequired: false, delivery: 'none' });
    const asked = await new BrowserClient(service.baseUrl).send('POST', '/password-reset-requests', { body: { email } });
    expect(asked.body).toEqual({
      message: 'no mail is sent by this service: ask its operator for a link to reset your password',
      delivery: 'none',
    });
  });
});
