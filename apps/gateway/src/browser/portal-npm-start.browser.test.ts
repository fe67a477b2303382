import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkInOutput, spawnGateway, type GatewayProcess } from '../ops/testing/gateway-process.js';
import { CHROMIUM_ARGS, chromiumOrSkip } from './testing/chromium.js';
import { freePort } from './testing/free-port.js';
import { portalCheck, recordCspViolations } from './testing/portal-check.js';

const executablePath = await chromiumOrSkip();
const PASSWORD = 'a long passphrase of the first hour';
const NEW_PASSWORD = 'another long passphrase, set from the output';

/**
 * The portal on `npm start` without mail (issue 39, finding 5): the built gateway as a newcomer
 * starts it (embedded store, development, no SMTP server, no HOST), which writes every mail to its
 * output. In Chromium a person signs up, verifies the address and, having forgotten the password,
 * sets a new one, each by the link the output shows, then signs in with it; an invitation's link
 * opens the same way. Every page passes the journey's check (axe, CSP, screenshots at both sizes).
 */
describe.skipIf(!executablePath)('the portal on npm start without mail, in Chromium', () => {
  let gateway: GatewayProcess;
  let browser: Browser;
  let page: Page;
  let origin: string;
  const email = `first-hour.${Date.now()}@example.test`;
  const check = (name: string) => portalCheck(page, 'npm-start')(name);
  const heading = () => page.getByRole('heading', { level: 1 });
  const signIn = async (password: string) => {
    await page.goto(`${origin}/portal/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  };

  beforeAll(async () => {
    const port = await freePort();
    // The origin the output names (PUBLIC_BASE_URL's development default); HOST blank is HOST unset.
    origin = `http://localhost:${port}`;
    gateway = await spawnGateway({ PORT: String(port), HOST: '' });
    browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await recordCspViolations(page);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
  });

  it("signs up, is told to look in the service's output, and verifies the address by the link written there", async () => {
    await page.goto(`${origin}/portal/sign-up`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Account name').fill('First Hour');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => heading().innerText()).toBe("Check the service's output");
    expect(await page.getByRole('status').innerText()).toContain('wrote the mail for');
    await check('sign-up-output');

    const { url } = await linkInOutput(gateway, email, 'Verify');
    expect(url.startsWith(`${origin}/portal/verify-email#token=`)).toBe(true);
    await page.goto(url);
    await expect.poll(() => page.getByRole('status').innerText()).toContain('Your address is verified.');
  });

  it('asks for a reset on the "Forgot your password" page, which says where the link is, and sets a new password from it', async () => {
    await page.goto(`${origin}/portal/sign-in`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect.poll(() => heading().innerText()).toBe('Forgot your password');
    await check('forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    // In the portal's words, as the sign-up page says it, not the API's lower-case message.
    await expect
      .poll(() => page.getByRole('status').innerText())
      .toBe(
        'No mail server is set up (development), so if a person has this address, the service wrote the mail with the link to its output, in the terminal that runs it.',
      );
    await check('forgot-password-sent');

    const { url } = await linkInOutput(gateway, email, 'Reset');
    expect(url.startsWith(`${origin}/portal/reset-password#token=`)).toBe(true);
    await page.goto(url);
    await expect.poll(() => heading().innerText()).toBe('Choose a new password');
    // The token left the address bar as the page opened.
    expect(page.url()).toBe(`${origin}/portal/reset-password`);
    await check('reset-password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set the password' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toContain('Your password is changed.');
    await check('reset-password-done');
  });

  it('refuses the old password and signs in with the new one', async () => {
    await signIn(PASSWORD);
    await expect.poll(() => page.getByRole('alert').count()).toBe(1);
    await signIn(NEW_PASSWORD);
    await expect.poll(() => heading().innerText()).toBe('Keys');
  });

  it("opens an invitation's link from the output, and the invited person joins through it", async () => {
    const invitee = `invitee.${Date.now()}@example.test`;
    await page.getByRole('link', { name: 'Members', exact: true }).click();
    await expect.poll(() => heading().innerText()).toBe('Members');
    await page.getByLabel('Their email').fill(invitee);
    await page.getByRole('button', { name: 'Invite' }).click();
    const { url } = await linkInOutput(gateway, invitee, 'Your invitation');
    await page.getByRole('button', { name: /^Sign out/ }).click();
    await expect.poll(() => heading().innerText()).toBe('Sign in');

    await page.goto(url);
    await expect.poll(() => heading().innerText()).toBe('Accept an invitation');
    await check('accept-invitation');
    await page.getByLabel('The invited email').fill(invitee);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => heading().innerText()).toBe('Keys');
  });
});
