import { tokenLink, type SmtpTestServer } from '@petstore/testing/smtp-test-server';
import { expect } from 'vitest';
import { SessionAnswer } from '../openapi/answers.js';
import { CreatedInvitationAnswer } from '../openapi/member-answers.js';
import { BrowserClient } from './browser-client.js';

export const PASSWORD = 'correct horse battery staple 42';
let emails = 0;

/** An address nobody has yet, in this run or an earlier one against the same database. */
export function newEmail(prefix = 'person'): string {
  return `${prefix}${(emails += 1)}.${Date.now()}@example.test`;
}

/** A person signed in through the API, in a browser of their own: who they are, their account and role. */
export interface SignedInPerson {
  browser: BrowserClient;
  email: string;
  personId: string;
  accountId: string;
  sessionId: string;
}

/** Signs the person in from a new browser (a new session of theirs). */
export async function signIn(baseUrl: string, email: string): Promise<SignedInPerson> {
  const browser = new BrowserClient(baseUrl);
  const answer = await browser.send('POST', '/sign-in', { body: { email, password: PASSWORD } });
  expect(answer.status, answer.text).toBe(200);
  const { person, account, session } = SessionAnswer.parse(answer.body);
  return { browser, email, personId: person.id, accountId: account.id, sessionId: session.id };
}

/** A new person who signs up with an account of their own (its owner), signed in. Without mail: with it, see manage.invitations.test.ts. */
export async function newOwner(baseUrl: string): Promise<SignedInPerson> {
  const email = newEmail('owner');
  const signedUp = await new BrowserClient(baseUrl).send('POST', '/sign-up', { body: { email, password: PASSWORD, accountName: 'Kennel Club' } });
  expect(signedUp.status, signedUp.text).toBe(202);
  return signIn(baseUrl, email);
}

/** A new owner on a service that mails: signs up, follows the verification link `smtp` received, and signs in. */
export async function newVerifiedOwner(baseUrl: string, smtp: SmtpTestServer, accountName: string): Promise<SignedInPerson> {
  const email = newEmail('verified-owner');
  const browser = new BrowserClient(baseUrl);
  const signedUp = await browser.send('POST', '/sign-up', { body: { email, password: PASSWORD, accountName } });
  expect(signedUp.status, signedUp.text).toBe(202);
  const verified = await browser.send('POST', '/verify-email', { body: { token: tokenLink((await smtp.nextMessage(email)).text).token } });
  expect(verified.status, verified.text).toBe(204);
  return signIn(baseUrl, email);
}

/** The token of an invitation's link, as the answer of inviteMember carries it when no mail is sent. */
export function invitationToken(answer: { status: number; text: string; body: unknown }): string {
  expect(answer.status, answer.text).toBe(201);
  const { link } = CreatedInvitationAnswer.parse(answer.body);
  if (link === null) throw new Error('the invitation was mailed, not answered');
  return tokenLink(link.url).token;
}

/** A new person the owner invites over HTTP (no mail), who accepts and is signed in as a member of the owner's account. */
export async function newMember(baseUrl: string, owner: SignedInPerson, role: 'member' | 'owner' = 'member'): Promise<SignedInPerson> {
  const email = newEmail('member');
  const token = invitationToken(await owner.browser.send('POST', '/invitations', { body: { email, role } }));
  const browser = new BrowserClient(baseUrl);
  const accepted = await browser.send('POST', '/invitations/accept', { body: { token, email, password: PASSWORD } });
  expect(accepted.status, accepted.text).toBe(200);
  const { person, account, session } = SessionAnswer.parse(accepted.body);
  return { browser, email, personId: person.id, accountId: account.id, sessionId: session.id };
}
