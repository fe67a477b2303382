import { mkdir, stat } from 'node:fs/promises';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';
import { CHROMIUM_ARGS, chromiumOrSkip } from './testing/chromium.js';

const executablePath = await chromiumOrSkip();
const SCREENSHOTS = new URL('../../screenshots/', import.meta.url);
const shot = (name: string): string => new URL(name, SCREENSHOTS).pathname;

describe.skipIf(!executablePath)('the /docs page in Chromium', () => {
  let gw: TestGateway;
  let browser: Browser;
  let page: Page;
  const requested: string[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    gw = await startTestGateway({ mongodbUri: null });
    browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
    page.on('request', (request) => requested.push(request.url()));
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    // A Content-Security-Policy violation shows up as a console error; the page must need none.
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    await page.goto(`${gw.baseUrl}/docs`, { waitUntil: 'load' });
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    await mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: shot('docs-page.png') });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  it('shows the three operations by their operationIds', async () => {
    await expect.poll(() => page.locator('.opblock').count()).toBe(3);
    const ids = await page.locator('.opblock-summary-operation-id').allInnerTexts();
    expect(ids.map((id) => id.trim()).sort()).toEqual(['createPet', 'getPet', 'listPets']);
  });

  it('marks getPet deprecated and tells when it is removed', async () => {
    const getPet = page.locator('.opblock-deprecated');
    await expect.poll(() => getPet.count()).toBe(1);
    await getPet.locator('.opblock-summary-control').click();
    // Swagger UI renders the body's description after the body itself appears, so the text is polled.
    await expect.poll(() => getPet.innerText(), { timeout: 10_000 }).toContain('removed on 2030-12-05');
    expect(await getPet.innerText()).toMatch(/Warning: Deprecated/i);
  });

  it('calls listPets from "Try it out" on this server with a key', async () => {
    await page.locator('button.authorize').first().click();
    await page.locator('.auth-container input').first().fill(gw.apiKey);
    await page.locator('.auth-btn-wrapper button.authorize').click();
    await page.locator('button.btn-done').click();
    const listPets = page.locator('#operations-pets-listPets');
    await listPets.locator('.opblock-summary-control').click();
    await listPets.locator('button.try-out__btn').click();
    await listPets.locator('button.execute').click();
    const status = listPets.locator('.live-responses-table tr.response .response-col_status').first();
    await status.waitFor({ timeout: 20_000 });
    expect((await status.innerText()).trim()).toBe('200');
  });

  it('saves screenshots of the page as loaded and with the operations opened', async () => {
    await page.screenshot({ path: shot('docs-page-opened.png'), fullPage: true });
    for (const name of ['docs-page.png', 'docs-page-opened.png']) {
      expect((await stat(shot(name))).size).toBeGreaterThan(10_000);
      process.stdout.write(`[docs-page] screenshot: ${shot(name)}\n`);
    }
  });

  it("lists the management API's document beside /v1's, and shows its operations when it is chosen", async () => {
    const menu = page.locator('select#select');
    expect(await menu.locator('option').allInnerTexts()).toEqual(['Pet Store API (/v1)', 'Management API (/manage/v1, beta)']);
    await menu.selectOption({ label: 'Management API (/manage/v1, beta)' });
    await expect.poll(() => page.locator('.opblock-summary-operation-id').allInnerTexts(), { timeout: 20_000 }).toContain('signIn');
    const ids = (await page.locator('.opblock-summary-operation-id').allInnerTexts()).map((id) => id.trim());
    expect(ids).toEqual(expect.arrayContaining(['signUp', 'signIn', 'signOut', 'getSession']));
    expect(requested).toContain(`${gw.baseUrl}/manage/v1/openapi.json`);
  });

  it('made no request to any host but this server, and met no error', () => {
    const server = new URL(gw.baseUrl).host;
    const elsewhere = requested.filter((url) => !url.startsWith('data:') && new URL(url).host !== server);
    expect(elsewhere).toEqual([]);
    expect(requested).toContain(`${gw.baseUrl}/v1/openapi.json`);
    expect(problems).toEqual([]);
  });
});
