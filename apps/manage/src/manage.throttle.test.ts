import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fixedClock, NewPassword, Password } from '@petstore/domain';
import type { RunningService } from '@petstore/service-kit';
import { startSmtpTestServer, tokenLink, type SmtpTestServer } from '@petstore/testing/smtp-test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROUTES } from './manage-routes.js';
import { OPERATION_TEXT } from './openapi/operations.js';
import { BrowserClient, type Answer } from './testing/browser-client.js';
import { newEmail, PASSWORD } from './testing/people.js';
import { startManage, STORES } from './testing/start-manage.js';

/** The page whose table this suite walks: what it says is what the service must do. */
const THROTTLE_DOC = new URL('../../../docs/passwords-and-throttling.md', import.meta.url);
const COLUMNS = ['Operation', 'Request', 'Per email and client', 'Per client', 'Mail per client'];

/** One row of the documented table: an operation, its request, and its budgets (null: not charged to it). */
interface ThrottleRow {
  operation: string;
  request: string;
  perEmailAndClient: number | null;
  perClient: number | null;
  mailPerClient: number | null;
}

/** The first table of the page's "The sign-in throttle" section; throws when its shape is not the one this suite reads. */
function documentedThrottle(markdown: string): ThrottleRow[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('The sign-in throttle\n')) ?? '';
  const lines = section.split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, at) => at > start && !line.startsWith('|'));
  const [header = [], , ...rows] = lines.slice(start, end).map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );
  if (start < 0 || header.join('|') !== COLUMNS.join('|'))
    throw new Error(`the sign-in throttle's table must have the columns ${COLUMNS.join(', ')}`);
  const budget = (cell: string | undefined): number | null => {
    if (cell === '—') return null;
    if (!/^\d+$/.test(cell ?? '')) throw new Error(`a budget is a number or —, not ${cell}`);
    return Number(cell);
  };
  return rows.map(([operation = '', request = '', perEmailAndClient, perClient, mailPerClient]) => ({
    operation: operation.replace(/^`(\w+)`$/, '$1'),
    request: request.replace(/^`(.*)`$/, '$1'),
    perEmailAndClient: budget(perEmailAndClient),
    perClient: budget(perClient),
    mailPerClient: budget(mailPerClient),
  }));
}

const TABLE = documentedThrottle(readFileSync(THROTTLE_DOC, 'utf8'));

/** The operations whose input holds a password (a field of the Password or NewPassword schema): each must have its row. */
const TAKING_A_PASSWORD = ROUTES.map(({ name }) => name).filter((name) => {
  const schema = OPERATION_TEXT[name].input?.schema;
  return schema instanceof z.ZodObject && Object.values(schema.shape).some((field) => field === Password || field === NewPassword);
});

const WRONG_PASSWORD = `not the ${PASSWORD}`;
let clients = 0;
/** A client address nobody has used in this run: each walk spends budgets of its own. */
const newClient = () => `10.0.${(clients += 1) >> 8}.${clients & 255}`;
const from = (client: string) => ({ 'X-Forwarded-For': client });

/** What a walk needs of the service it runs against. */
interface Setting {
  service: RunningService;
  /** A person who signed up (in an account of their own), signed in, in a browser of theirs. */
  registered: (email: string) => Promise<BrowserClient>;
  /** The token of an operator's invitation for `email` into an account that exists. */
  invitationFor: (email: string) => Promise<string>;
  /** An owner whose address is verified, signed in: invitations by them are mailed. */
  inviter: BrowserClient;
}

/** How the suite makes one attempt of an operation from `client`, at `email` (ignored by an operation that names none). */
type Attempt = (setting: Setting, client: string, email: string) => Promise<Answer>;

/**
 * One request per operation of the table. `namesEmail`: the request names the email it is charged
 * at, so a new one each time spends the client's budgets without the email's.
 */
const ATTEMPTS: Record<string, { namesEmail: boolean; attempt: Attempt }> = {
  signIn: {
    namesEmail: true,
    attempt: ({ service }, client, email) =>
      new BrowserClient(service.baseUrl).send('POST', '/sign-in', { body: { email, password: WRONG_PASSWORD }, headers: from(client) }),
  },
  acceptInvitation: {
    namesEmail: true,
    attempt: async ({ service, invitationFor }, client, email) =>
      new BrowserClient(service.baseUrl).send('POST', '/invitations/accept', {
        body: { token: await invitationFor(email), email, password: WRONG_PASSWORD },
        headers: from(client),
      }),
  },
  changePassword: {
    namesEmail: false,
    attempt: async ({ registered }, client, email) =>
      (await registered(email)).send('PUT', '/password', {
        body: { currentPassword: WRONG_PASSWORD, newPassword: `new ${PASSWORD}` },
        headers: from(client),
      }),
  },
  resetPassword: {
    namesEmail: false,
    attempt: ({ service }, client) =>
      new BrowserClient(service.baseUrl).send('POST', '/password-resets', {
        body: { token: randomBytes(32).toString('base64url'), password: `new ${PASSWORD}` },
        headers: from(client),
      }),
  },
  signUp: {
    namesEmail: true,
    attempt: ({ service }, client, email) =>
      new BrowserClient(service.baseUrl).send('POST', '/sign-up', {
        body: { email, password: PASSWORD, accountName: 'Throttled' },
        headers: from(client),
      }),
  },
  requestPasswordReset: {
    namesEmail: true,
    attempt: ({ service }, client, email) =>
      new BrowserClient(service.baseUrl).send('POST', '/password-reset-requests', { body: { email }, headers: from(client) }),
  },
  inviteMember: {
    namesEmail: true,
    attempt: ({ inviter }, client, email) => inviter.send('POST', '/invitations', { body: { email }, headers: from(client) }),
  },
};

/** `make`, called once per email: the same promise for every later call with that email. */
function once<T>(make: (email: string) => Promise<T>): (email: string) => Promise<T> {
  const made = new Map<string, Promise<T>>();
  return (email) => {
    const known = made.get(email) ?? make(email);
    made.set(email, known);
    return known;
  };
}

/** The smallest of the budgets a walk spends; null when it spends none (a row that would say nothing). */
const smallest = (...budgets: Array<number | null>): number | null =>
  budgets.reduce<number | null>((least, budget) => (budget === null ? least : least === null ? budget : Math.min(least, budget)), null);

/**
 * The walks of a row: at one registered person's email (every budget of the row), and, where the
 * request names its email, at a new email each time (the client's budgets alone).
 */
function walksOf(row: ThrottleRow): Array<{ at: string; oneEmail: boolean; allowed: number | null }> {
  const { namesEmail } = ATTEMPTS[row.operation] ?? { namesEmail: false };
  const eachTime = { at: namesEmail ? 'a new email each time' : 'no email', oneEmail: false, allowed: smallest(row.perClient, row.mailPerClient) };
  if (row.perEmailAndClient === null) return [eachTime];
  const oneEmail = { at: 'one email', oneEmail: true, allowed: smallest(row.perEmailAndClient, eachTime.allowed) };
  return namesEmail ? [oneEmail, eachTime] : [oneEmail];
}

describe('the sign-in throttle table of docs/passwords-and-throttling.md', () => {
  it('has a row for every operation whose input holds a password, each with its request as the door routes it', () => {
    const documented = TABLE.map((row) => row.operation);
    expect(documented).toEqual(expect.arrayContaining(TAKING_A_PASSWORD));
    expect(TAKING_A_PASSWORD).toEqual(expect.arrayContaining(['signIn', 'acceptInvitation', 'changePassword', 'resetPassword', 'signUp']));
    for (const row of TABLE) {
      const route = ROUTES.find(({ name }) => name === row.operation);
      expect(route && `${route.method} /manage/v1${route.template}`, row.operation).toBe(row.request);
      expect(
        walksOf(row).every(({ allowed }) => allowed !== null),
        `${row.operation} is charged to some budget`,
      ).toBe(true);
    }
  });

  it('is the table this suite walks: a request here for each row, and no other', () => {
    expect(TABLE.map((row) => row.operation).sort()).toEqual(Object.keys(ATTEMPTS).sort());
  });
});

describe.each(STORES)('the sign-in throttle over HTTP, on the $name', ({ uri }) => {
  let smtp: SmtpTestServer;
  let setting: Setting;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    // Each request names its client, as a proxy in front of the service would. The budgets' windows
    // follow the clock: one that stands still keeps every walk inside one window.
    const service = await startManage({
      mongodbUri: uri,
      clock: fixedClock(new Date('2026-06-01T12:00:30Z')),
      env: { PETSTORE_SMTP_URL: smtp.url, PETSTORE_MAIL_FROM: 'no-reply@petstore.example', PETSTORE_TRUST_PROXY: '1' },
    });
    const signedUp = async (email: string): Promise<BrowserClient> => {
      const browser = new BrowserClient(service.baseUrl);
      const client = newClient();
      const answer = await browser.send('POST', '/sign-up', { body: { email, password: PASSWORD, accountName: 'Walked' }, headers: from(client) });
      expect(answer.status, answer.text).toBe(202);
      expect((await browser.send('POST', '/sign-in', { body: { email, password: PASSWORD }, headers: from(client) })).status).toBe(200);
      return browser;
    };
    const inviterEmail = newEmail('inviter');
    const inviter = await signedUp(inviterEmail);
    const { token } = tokenLink((await smtp.nextMessage(inviterEmail)).text);
    expect((await inviter.send('POST', '/verify-email', { body: { token }, headers: from(newClient()) })).status).toBe(204);
    const account = await service.runtime.accounts.createAccount('Inviting');
    const invitations = once((email) =>
      service.runtime.people.inviteAsOperator(account.id, { email }).then(({ link }) => tokenLink(link.link).token),
    );
    setting = { service, inviter, registered: once(signedUp), invitationFor: invitations };
  });
  afterAll(async () => {
    await setting?.service.close();
    await smtp?.close();
  });

  for (const row of TABLE) {
    for (const { at, oneEmail, allowed } of walksOf(row)) {
      it(`lets one client make ${row.operation} ${allowed} times at ${at}, then answers 429 with Retry-After`, { timeout: 120_000 }, async () => {
        const { attempt } = ATTEMPTS[row.operation] ?? {};
        if (!attempt || allowed === null) throw new Error(`no walk for ${row.operation}`);
        const victim = newEmail('victim');
        if (oneEmail) await setting.registered(victim);
        const client = newClient();
        const email = () => (oneEmail ? victim : newEmail('walked'));
        for (let made = 0; made < allowed; made += 1) {
          const answer = await attempt(setting, client, email());
          expect(answer.status, `attempt ${made + 1}: ${answer.text}`).not.toBe(429);
          expect(answer.status, answer.text).toBeLessThan(500);
        }
        const refused = await attempt(setting, client, email());
        expect(refused.status, refused.text).toBe(429);
        expect(refused.body).toMatchObject({ code: 'rate_limited', status: 429 });
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      });
    }
  }
});
