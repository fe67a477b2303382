import { DomainError } from '../errors/domain-error.js';
import type { RequestContext, SignUpPolicy } from '../people/deps.js';
import { PeopleService } from '../people/people-service.js';
import type { MailMessage, PasswordHasher } from '../people/ports.js';
import { createSignInThrottle, type SignInBudgets } from '../people/sign-in-throttle.js';
import { fastTestPasswordHasher } from './fast-test-password-hasher.js';
import { MapKeyStore } from './map-key-store.js';
import { testAccounts } from './test-accounts.js';
import { MapPeopleStore } from './map-people-store.js';
import { movableClock } from './movable-clock.js';

export interface TestPeopleOptions {
  /** Mail is on (and with it verification) when true: messages are kept in `mail`. */
  mailer?: boolean;
  signUpPolicy?: SignUpPolicy;
  budgets?: SignInBudgets;
  hasher?: PasswordHasher;
}

export const BASE_URL = 'https://petstore.test';

/** A request from one client. */
export const fromClient = (clientAddress = '203.0.113.7'): RequestContext => ({ clientAddress, userAgent: 'vitest' });

/**
 * A people service over in-memory stores, a clock the test moves, the fast test hasher and the
 * real sign-in throttle; the policy refuses what is shorter than 12 characters or is "password1234"
 * (the real policy is @petstore/credentials', tested there).
 */
export function testPeople(options: TestPeopleOptions = {}) {
  const { clock, advance } = movableClock('2026-06-01T00:00:00.000Z');
  const keys = new MapKeyStore();
  const people = new MapPeopleStore();
  const { accounts, keyService, audit } = testAccounts(keys, clock, { actor: 'operator' });
  const mail: MailMessage[] = [];
  const service = new PeopleService({
    people,
    keys,
    accounts,
    keyService,
    audit,
    clock,
    hasher: options.hasher ?? fastTestPasswordHasher,
    passwordPolicy: {
      async checkPassword(password) {
        if ([...password].length < 12 || password === 'password1234') throw new DomainError('invalid_request', 'password: too weak');
      },
    },
    throttle: createSignInThrottle({ clock, budgets: options.budgets }),
    signUpPolicy: options.signUpPolicy ?? 'open',
    mailer: options.mailer ? { delivery: 'mail', send: async (message) => void mail.push(message) } : undefined,
    publicBaseUrl: `${BASE_URL}/`,
    actor: 'operator',
  });
  /** The token of the last link mailed to `to`. */
  const lastLinkTo = (to: string): string => {
    const text = mail.findLast((message) => message.to === to)?.text ?? '';
    const token = /#token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
    if (token === undefined) throw new Error(`no link was mailed to ${to}`);
    return token;
  };
  return {
    service,
    people,
    keys,
    accounts,
    keyService,
    audit,
    mail,
    clock,
    advance,
    lastLinkTo,
    actions: () => audit.records.map((record) => record.action),
  };
}

/** The token in a printed or answered link. */
export const tokenOf = (link: string): string => link.slice(link.indexOf('#token=') + '#token='.length);

/**
 * `who` signs up with an account named Acme, follows the verification link when mail is on (only a
 * verified owner invites then), and signs in; the mail sent so far is forgotten.
 */
export async function signedUpOwner(setup: ReturnType<typeof testPeople>, who: { email: string; password: string }) {
  await setup.service.signUp({ ...who, accountName: 'Acme' }, fromClient());
  if (setup.service.mailConfigured) await setup.service.verifyEmail({ token: setup.lastLinkTo(who.email) }, fromClient());
  setup.mail.length = 0;
  return setup.service.signIn(who, fromClient());
}
