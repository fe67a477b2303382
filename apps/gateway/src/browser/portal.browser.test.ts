import { startSmtpTestServer, tokenLink, type SmtpTestServer } from '@petstore/testing/smtp-test-server';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';
import { CHROMIUM_ARGS, chromiumOrSkip } from './testing/chromium.js';
import { freePort } from './testing/free-port.js';
import { callEveryDoor } from './testing/pet-doors.js';
import { portalCheck, recordCspViolations } from './testing/portal-check.js';

const executablePath = await chromiumOrSkip();
const STORES = [
  { name: 'the embedded store', store: 'embedded', uri: null },
  { name: 'MongoDB (FerretDB)', store: 'mongodb', uri: inject('mongodbUri') },
];
/** A canvas as far as the check reads it (the gateway's code compiles without the DOM library). */
interface DrawnCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, width: number, height: number): { data: ArrayLike<number> } };
}

/** Whether anything was drawn on the canvas: a pixel that is not transparent. Runs in the page. */
function inked(canvas: DrawnCanvas): boolean {
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  for (let alpha = 3; alpha < data.length; alpha += 4) if ((data[alpha] ?? 0) > 0) return true;
  return false;
}

const PASSWORD = 'a long passphrase of the portal test';
const NEW_PASSWORD = 'another long passphrase, changed in the portal';

interface ReportedKey {
  id: string;
  name: string | null;
  kind: string;
  scopes: string[];
  origins: string[];
  replacedBy: string | null;
  state: string;
}

/**
 * The developer portal as a person meets it, in Debian's Chromium: signing up, following the
 * mailed link, making a key and using it at the three doors, reading its usage, rolling and revoking
 * it. On every page axe-core finds no violation of any impact, the Content-Security-Policy
 * reports none, and screenshots at a phone's 390×844 and a desktop's 1280×800 are kept
 * (apps/gateway/screenshots/portal/, ignored by git). The page reaches no origin but its own and
 * leaves no secret in the address bar or in browser storage.
 */
describe.skipIf(!executablePath).each(STORES)('the portal in Chromium, on $name', ({ store, uri }) => {
  let gw: TestGateway;
  let smtp: SmtpTestServer;
  let browser: Browser;
  let page: Page;
  let baseUrl: string;
  const requested: string[] = [];
  const problems: string[] = [];
  const email = `portal-${store}-${Date.now()}@example.com`;
  const secrets: string[] = [];

  const check = (name: string) => portalCheck(page, store)(name);
  /** The usage chart titled `title`: its canvas, described with its axes, and its table's rows. */
  const usageChart = async (title: string) => {
    const figure = page.locator('figure', { has: page.locator('figcaption', { hasText: title }) }).first();
    await figure.getByText(`${title} as a table`).click();
    const rows = await figure.getByRole('table').getByRole('row').allInnerTexts();
    const canvas = figure.locator('canvas[role="img"]');
    // Chart.js drew on it (axes, bars), under the page's policy: some of its pixels are not blank.
    expect(await canvas.evaluate(inked)).toBe(true);
    return { caption: await figure.locator('figcaption').innerText(), canvas: await canvas.getAttribute('aria-label'), rows };
  };
  /** Signs in as the person from elsewhere (not this browser): the session cookie to send, or the status of the refusal. */
  const signInElsewhere = async (password: string) => {
    const response = await fetch(`${baseUrl}/manage/v1/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    await response.text();
    return response.headers.getSetCookie()[0]?.split(';')[0] ?? `refused ${response.status}`;
  };
  /** The status getSession answers a session cookie: 200 while the session lasts, 401 once it ended. */
  const sessionStatus = async (cookie: string) => (await fetch(`${baseUrl}/manage/v1/session`, { headers: { Cookie: cookie } })).status;
  /** The account's keys as the management API reports them to this page's session. */
  const reportedKeys = async () => ((await (await page.request.get(`${baseUrl}/manage/v1/keys`)).json()) as { keys: ReportedKey[] }).keys;
  /** Makes a key through the create form, and returns its secret as shown once. */
  const createKey = async (purpose: string, name: string, fill: () => Promise<void> = async () => undefined) => {
    await page.goto(`${baseUrl}/portal/keys/new`);
    await expect.poll(() => heading().innerText()).toBe('Create a key');
    await page.getByRole('radio', { name: new RegExp(`^${purpose}`) }).check();
    await page.getByLabel('Name').fill(name);
    await fill();
    await page.getByRole('button', { name: 'Create the key' }).click();
    const shown = page.getByTestId('new-key');
    await shown.waitFor();
    const key = (await shown.innerText()).trim();
    secrets.push(key);
    return key;
  };
  const heading = () => page.getByRole('heading', { level: 1 });
  /** The room, in pixels, between the button named `name` and the bottom of its form's card. */
  const gapUnderButton = async (name: string) => {
    const form = page.locator('form', { has: page.getByRole('button', { name }) });
    const [card, button] = await Promise.all([form.boundingBox(), form.getByRole('button', { name }).boundingBox()]);
    return Math.round((card?.y ?? 0) + (card?.height ?? 0) - (button?.y ?? 0) - (button?.height ?? 0));
  };

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    smtp = await startSmtpTestServer();
    gw = await startTestGateway({
      mongodbUri: uri,
      env: { PORT: String(port), PUBLIC_BASE_URL: baseUrl, PETSTORE_SMTP_URL: smtp.url, PETSTORE_MAIL_FROM: 'Pet Store <no-reply@petstore.example>' },
    });
    browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await recordCspViolations(page);
    page.on('request', (request) => requested.push(request.url()));
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    // A Content-Security-Policy violation shows as a console error; so would a failed call the page did not expect.
    page.on('console', (message) => {
      if (message.type() === 'error' && !/status of (401|404)/.test(message.text())) problems.push(`console: ${message.text()}`);
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await gw?.close();
    await smtp?.close();
  });

  it('sends a visitor to the sign-in page, served with its Content-Security-Policy', async () => {
    const answer = await page.goto(`${baseUrl}/portal`);
    expect(answer?.headers()['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self';/);
    await expect.poll(() => heading().innerText()).toBe('Sign in');
    expect(new URL(page.url()).pathname).toBe('/portal/sign-in');
    await check('sign-in');
  });

  it('signs up, and verifies the address by the link the mail carried, which leaves no token in the address bar', async () => {
    await page.getByRole('link', { name: 'Sign up' }).first().click();
    await expect.poll(() => heading().innerText()).toBe('Sign up');
    await check('sign-up');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Account name').fill('Portal Kennel');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => heading().innerText()).toBe('Check your mail');
    expect(await page.getByRole('status').innerText()).toContain(email);

    const { url, token } = tokenLink((await smtp.nextMessage(email)).text);
    secrets.push(token);
    expect(url).toBe(`${baseUrl}/portal/verify-email#token=${token}`);
    await page.goto(url);
    await expect.poll(() => page.getByRole('status').innerText()).toContain('Your address is verified.');
    expect(page.url()).toBe(`${baseUrl}/portal/verify-email`);
    await check('verify-email');
  });

  it('refuses a wrong password with the API’s own message, then signs in to the empty state', async () => {
    await page.goto(`${baseUrl}/portal/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(`${PASSWORD} not`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const refusal = (await await fetch(`${baseUrl}/manage/v1/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: `${PASSWORD} not` }),
    }).then((response) => response.json())) as { message: string };
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(refusal.message);

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => heading().innerText()).toBe('Keys');
    await expect.poll(() => page.getByText('Start here: create your first key').count()).toBe(1);
    expect(await page.locator('.curl dd').allInnerTexts()).toEqual([
      expect.stringContaining(`${baseUrl}/v1/pets`),
      expect.stringContaining(`${baseUrl}/graphql`),
      expect.stringContaining(`${baseUrl}/trpc/pets.list`),
    ]);
    await check('keys-empty');
  });

  it('creates a key, shows it once with a warning, and the key calls REST, GraphQL and tRPC', async () => {
    await page.getByRole('link', { name: 'Create a key' }).first().click();
    await expect.poll(() => heading().innerText()).toBe('Create a key');
    await check('create-key');
    await page.getByLabel('Name').fill('journey');
    await page.getByRole('button', { name: 'Create the key' }).click();
    const shown = page.getByTestId('new-key');
    await shown.waitFor();
    const key = (await shown.innerText()).trim();
    secrets.push(key);
    expect(await page.getByRole('alert').innerText()).toContain('shown only once');
    await check('key-shown-once');
    expect(await callEveryDoor(baseUrl, key)).toEqual({ rest: 200, graphql: 200, trpc: 200 });
    // No scope was ticked: the key has the API's default scopes for a secret key, as the page shows them.
    const [made] = (await reportedKeys()).filter((reported) => reported.name === 'journey');
    expect(made?.scopes).toEqual(['pets:read', 'pets:write']);
    expect(await page.getByTestId('key-scopes').innerText()).toBe(made?.scopes.join(', '));

    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => heading().innerText()).toBe('Keys');
    const row = page.getByRole('row', { name: /journey/ });
    await expect.poll(() => row.innerText()).toContain('active');
    const lastUse = row.getByRole('cell').nth(5);
    await expect.poll(() => lastUse.innerText()).not.toBe('never');
    await check('keys');
  });

  it("shows the key's calls, and a notice once it called the deprecated read, when its usage is written (every 10 s)", async () => {
    const [key] = secrets.slice(-1);
    expect((await fetch(`${baseUrl}/v1/pets/1`, { headers: { Authorization: `Bearer ${key}` } })).status).toBeLessThan(500);
    const row = page.getByRole('row', { name: /journey/ });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.waitForLoadState('networkidle');
          return row.innerText();
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toContain('Called getPet, which will be removed');
    // At 1280 px, beside the notice, the prefix is read as one word: on one line, as tall as the key's name.
    const [prefix, keyName] = await Promise.all([row.locator('code').boundingBox(), row.getByRole('link', { name: 'journey' }).boundingBox()]);
    expect(Math.round(prefix?.height ?? 0)).toBeLessThanOrEqual(Math.round((keyName?.height ?? 0) + 2));
    // REST, GraphQL and tRPC's reads and the deprecated one: four calls in the last 24 hours and 30 days.
    expect(await row.getByRole('cell').nth(6).innerText()).toBe('4 / 4');
    // On a phone every column of the row is on screen, the calls and the state among them.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const cell of [6, 7]) {
      const box = await row.getByRole('cell').nth(cell).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    // The name cell's notice sits in the value column beside the label, under the name, not under the label.
    const [name, notice] = await Promise.all([row.getByRole('link', { name: 'journey' }).boundingBox(), row.locator('.notice').boundingBox()]);
    expect(notice?.x).toBe(name?.x);
    await check('keys-usage');
    await page.getByRole('link', { name: 'usage', exact: true }).click();
    await expect.poll(() => page.getByText(/Calls, the last two days, by hour: 4 calls/).count()).toBe(1);
    // Dates on the x axis, counts on the y axis, one scale for every chart; the numbers in a table.
    const all = await usageChart('Calls, the last two days, by hour');
    expect(all.canvas).toMatch(/^Calls, the last two days, by hour, bars per hour from .+ to .+ on the x axis, calls from 0 to 4 on the y axis: /);
    expect(
      all.rows.slice(1).map((row) =>
        row
          .split('\t')
          .slice(1)
          .map(Number)
          .reduce((sum, count) => sum + count),
      ),
    ).toEqual([4]);
    const listPets = await usageChart('listPets');
    expect(listPets.caption).toBe('listPets: 3 calls');
    expect(listPets.canvas).toContain('calls from 0 to 4 on the y axis: 3 served and 0 refused');
    const getPet = await usageChart('getPet');
    expect(getPet.caption).toMatch(/^getPet: 1 call\b/);
    expect((await usageChart('key journey')).caption).toMatch(/^key journey: 4 calls/);
    expect(await page.getByRole('region', { name: 'Deprecated operations' }).innerText()).toMatch(
      /key journey through rest: 1 call in the last 30 days/,
    );
    await check('usage');
    await page.getByRole('link', { name: 'Keys', exact: true }).click();
    await expect.poll(() => heading().innerText()).toBe('Keys');
  }, 60_000);

  it('rolls the key with an overlap in which the old key still works, then revokes the new one: 401', async () => {
    const [oldKey] = secrets.slice(-1);
    await page.getByRole('link', { name: 'journey' }).click();
    await expect.poll(() => heading().innerText()).toBe('Key: journey');
    await expect.poll(() => page.getByText('Calls, the last two days, by hour: 4 calls').count()).toBe(1);
    expect((await usageChart('listPets')).canvas).toContain('3 served');
    await check('key');
    await page.getByLabel('Overlap').selectOption({ label: 'one hour' });
    await page.getByRole('button', { name: 'Roll the key' }).click();
    const shown = page.getByTestId('new-key');
    await shown.waitFor();
    const newKey = (await shown.innerText()).trim();
    secrets.push(newKey);
    expect(newKey).not.toBe(oldKey);
    expect(await callEveryDoor(baseUrl, oldKey!)).toEqual({ rest: 200, graphql: 200, trpc: 200 });
    expect(await callEveryDoor(baseUrl, newKey)).toEqual({ rest: 200, graphql: 200, trpc: 200 });

    await page.getByRole('link', { name: 'Keys', exact: true }).click();
    await expect.poll(() => page.getByRole('row', { name: /journey/ }).count()).toBe(2);
    const rolled = page.getByRole('row', { name: /rolled/ });
    expect(await rolled.innerText()).toContain('works until');
    // The rolled key's page links to the key that replaced it, as the API's `replacedBy` names it.
    await rolled.getByRole('link', { name: 'journey' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'the key that replaced it' }).count()).toBe(1);
    await check('key-rolled');
    await page.getByRole('link', { name: 'the key that replaced it' }).click();
    await expect.poll(() => page.locator('.state').innerText()).toBe('active');
    const replacement = (await reportedKeys()).find((reported) => reported.name === 'journey' && reported.replacedBy !== null)?.replacedBy;
    expect(new URL(page.url()).pathname).toBe(`/portal/keys/${replacement}`);
    await page.getByRole('button', { name: 'Revoke this key…' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('heading').innerText()).toMatch(/^Revoke journey \(.+\)\?$/);
    await check('revoke-confirmation');
    await dialog.getByRole('button', { name: /^Revoke journey/ }).click();
    await expect.poll(() => page.locator('.state').innerText()).toBe('revoked');
    expect(await callEveryDoor(baseUrl, newKey)).toEqual({ rest: 401, graphql: 401, trpc: 401 });
  });

  it('makes a browser key with its origin, shows its kind and origins, and changes them; it works from its origins only', async () => {
    const key = await createKey('Browser key', 'storefront', async () => {
      await page.getByLabel('Allowed origins, one a line').fill('https://shop.example');
      await check('create-browser-key');
    });
    expect(await page.getByTestId('key-kind').innerText()).toMatch(/^browser/);
    expect(await page.getByTestId('key-origins').innerText()).toBe('https://shop.example');
    const [made] = (await reportedKeys()).filter((reported) => reported.name === 'storefront');
    expect(made).toMatchObject({ kind: 'browser', origins: ['https://shop.example'] });
    expect(await page.getByTestId('key-scopes').innerText()).toBe(made?.scopes.join(', '));
    // Its Try-it line sends the origin, as the page's browser would; without it the key is refused.
    expect(await page.locator('.curl dd').first().innerText()).toContain("-H 'Origin: https://shop.example'");
    const read = (origin?: string) =>
      fetch(`${baseUrl}/v1/pets?limit=1`, { headers: { Authorization: `Bearer ${key}`, ...(origin && { Origin: origin }) } }).then((r) => r.status);
    expect([await read('https://shop.example'), await read()]).toEqual([200, 403]);

    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => page.getByRole('row', { name: /storefront/ }).innerText()).toContain('browser key');
    await check('keys-kinds');
    await page.getByRole('link', { name: 'storefront' }).click();
    await expect.poll(() => heading().innerText()).toBe('Key: storefront');
    await page.getByLabel('Allowed origins, one a line').fill('https://shop.example\nhttps://www.shop.example');
    await page.getByRole('button', { name: 'Save the changes' }).click();
    await expect.poll(() => page.getByTestId('key-origins').innerText()).toBe('https://shop.example\nhttps://www.shop.example');
    await check('key-browser');
    expect(await read('https://www.shop.example')).toBe(200);
  });

  it('makes a management key with keys:read, which reads the account at the management API and nothing at the pet doors', async () => {
    const key = await createKey('Management key', 'automation', async () => {
      await page.getByRole('radio', { name: /^keys:read/ }).check();
      await check('create-management-key');
    });
    expect(await page.getByTestId('key-scopes').innerText()).toBe('keys:read');
    expect(await page.locator('.curl dt').allInnerTexts()).toEqual(['Management API']);
    const listed = await fetch(`${baseUrl}/manage/v1/keys`, { headers: { Authorization: `Bearer ${key}` } });
    expect(listed.status).toBe(200);
    expect(await callEveryDoor(baseUrl, key)).toEqual({ rest: 403, graphql: 403, trpc: 403 });
  });

  it('makes a pet key with the API’s default scopes, which adds a pet, and rolls it with the API’s default overlap', async () => {
    const key = await createKey('Pet key', 'defaults');
    // The API's default scopes let a new pet key add a pet, not only read.
    const added = await fetch(`${baseUrl}/v1/pets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Rex', categoryId: 1, status: 'available' }),
    });
    expect(added.status, await added.text()).toBe(201);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByRole('link', { name: 'defaults' }).click();
    await expect.poll(() => heading().innerText()).toBe('Key: defaults');
    expect(await page.getByLabel('Overlap').inputValue()).toBe('');
    const rolledAt = Date.now();
    await page.getByRole('button', { name: 'Roll the key' }).click();
    await page.getByTestId('new-key').waitFor();
    secrets.push((await page.getByTestId('new-key').innerText()).trim());
    const reported = (await reportedKeys()).find((listed) => listed.name === 'defaults' && listed.replacedBy !== null);
    const { overlapEndsAt } = (await (await page.request.get(`${baseUrl}/manage/v1/keys/${reported?.id}`)).json()) as { overlapEndsAt: string };
    // The API's default overlap is 24 hours (docs/manage-api.md): the portal sent none of its own.
    expect(Date.parse(overlapEndsAt) - rolledAt).toBeGreaterThan(24 * 3_600_000 - 60_000);
    expect(Date.parse(overlapEndsAt) - rolledAt).toBeLessThan(24 * 3_600_000 + 60_000);
  });

  it('shows the usage, audit trail, members, and sessions and passkeys pages without an accessibility violation of any impact', async () => {
    for (const [link, title, name] of [
      ['Usage', 'Usage', 'usage-revoked'],
      ['Audit trail', 'Audit trail', 'audit'],
      ['Members', 'Members', 'members'],
      ['Sessions and passkeys', 'Sessions and passkeys', 'security'],
    ] as const) {
      await page.getByRole('link', { name: link, exact: true }).click();
      await expect.poll(() => heading().innerText()).toBe(title);
      await page.waitForLoadState('networkidle');
      await check(name);
    }
    expect(await page.getByRole('listitem').filter({ hasText: '(this session)' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Members', exact: true }).click();
    await expect.poll(() => page.getByText(`${email} (owner)`).count()).toBe(1);
    await page.getByRole('link', { name: 'Audit trail', exact: true }).click();
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(1);
    // People by email and keys by name, their ids on hover; changes in words, not JSON.
    const trail = await page.getByRole('region', { name: 'Audit records' }).innerText();
    expect(trail).toContain(email);
    expect(trail).not.toMatch(/person:per_|key_\w|[{}"]/);
    expect(trail).toMatch(/replaced by: journey \(psk_[^)]+\)/);
    expect(trail).toContain('rolled a key');
    await page.getByLabel('Action').selectOption({ label: 'revoked a key' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Audit records' }).getByRole('row').count()).toBe(2);
    expect(await page.getByRole('link', { name: 'journey' }).first().getAttribute('title')).toMatch(/^key_/);
    await page.getByRole('link', { name: 'Sessions and passkeys', exact: true }).click();
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: '(this session)' }).innerText()).toMatch(/^Chrome on Linux, since /);
  });

  it('withdraws an open invitation after a confirmation; its link then opens nothing', async () => {
    const invitee = `invitee-${store}-${Date.now()}@example.com`;
    await page.getByRole('link', { name: 'Members', exact: true }).click();
    await expect.poll(() => heading().innerText()).toBe('Members');
    await page.getByLabel('Their email').fill(invitee);
    await page.getByRole('button', { name: 'Invite' }).click();
    const { token } = tokenLink((await smtp.nextMessage(invitee)).text);
    secrets.push(token);
    await page.getByRole('button', { name: `Withdraw the invitation of ${invitee}` }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('heading').innerText()).toBe(`Withdraw the invitation of ${invitee}?`);
    await check('withdraw-confirmation');
    await dialog.getByRole('button', { name: 'Withdraw the invitation' }).click();
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: invitee }).innerText()).toContain('withdrawn');
    await check('members-withdrawn');
    const accepted = await fetch(`${baseUrl}/manage/v1/invitations/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, email: invitee, password: PASSWORD }),
    });
    expect(accepted.status).toBe(410);
  });

  it('removes a member after a confirmation, and names the keys of theirs the API revoked', async () => {
    const member = `member-${store}-${Date.now()}@example.com`;
    await page.getByLabel('Their email').fill(member);
    await page.getByRole('button', { name: 'Invite' }).click();
    const { token } = tokenLink((await smtp.nextMessage(member)).text);
    secrets.push(token);
    const joined = await fetch(`${baseUrl}/manage/v1/invitations/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, email: member, password: PASSWORD }),
    });
    expect(joined.status, await joined.text()).toBeLessThan(300);
    const cookie = joined.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const made = await fetch(`${baseUrl}/manage/v1/keys`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: baseUrl, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'member laptop' }),
    });
    expect(made.status).toBe(201);
    secrets.push(((await made.json()) as { key: string }).key);

    await page.reload();
    await page.getByRole('button', { name: `Remove ${member}` }).click();
    const dialog = page.getByRole('dialog');
    await check('remove-member-confirmation');
    await dialog.getByRole('button', { name: `Remove ${member}` }).click();
    await expect.poll(() => page.getByText(`${member} is removed.`).innerText()).toMatch(/revoked: member laptop \(psk_/);
    await check('members-removed');
    expect((await reportedKeys()).find((reported) => reported.name === 'member laptop')).toMatchObject({ state: 'revoked' });
  });

  it('changes the password, which ends every other session, then signs out everywhere after a confirmation', async () => {
    const elsewhere = await signInElsewhere(PASSWORD);
    expect(await sessionStatus(elsewhere)).toBe(200);
    await page.getByRole('link', { name: 'Sessions and passkeys', exact: true }).click();
    await expect.poll(() => heading().innerText()).toBe('Sessions and passkeys');
    // The form's live region, empty until the password is changed, takes no room: under its button, as under the passkey form's, only the card's padding.
    expect(await gapUnderButton('Change the password')).toBe(await gapUnderButton('Add a passkey of this device'));
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change the password' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'password is changed' }).count()).toBe(1);
    await check('security-password-changed');
    expect(await sessionStatus(elsewhere)).toBe(401);
    expect(await signInElsewhere(PASSWORD)).toBe('refused 401');

    const again = await signInElsewhere(NEW_PASSWORD);
    expect(await sessionStatus(again)).toBe(200);
    await page.getByRole('button', { name: 'Sign out everywhere…' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('heading').innerText()).toBe('Sign out of every session, this one included?');
    await check('sign-out-everywhere-confirmation');
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect.poll(() => heading().innerText()).toBe('Sign in');
    expect(await sessionStatus(again)).toBe(401);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => heading().innerText()).toBe('Keys');
  });

  it('signs out, reached no other origin, and kept no key or token in a URL or browser storage', async () => {
    await page.getByRole('button', { name: /^Sign out/ }).click();
    await expect.poll(() => heading().innerText()).toBe('Sign in');
    expect((await page.context().cookies()).filter((cookie) => cookie.name.includes('session'))).toEqual([]);
    const stored = await page.evaluate<string>('JSON.stringify([{ ...localStorage }, { ...sessionStorage }])');
    for (const secret of secrets) {
      expect(stored).not.toContain(secret);
      expect(requested.filter((url) => url.includes(secret) && !url.includes('#token='))).toEqual([]);
    }
    expect(requested.filter((url) => !url.startsWith(`${baseUrl}/`) && !url.startsWith('data:'))).toEqual([]);
    expect(problems).toEqual([]);
  });
});
