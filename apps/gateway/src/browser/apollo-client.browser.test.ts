import { operatorOn } from '@petstore/domain';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';
import type { PageAnswer } from './testing/apollo-page.js';
import { CHROMIUM_ARGS, chromiumOrSkip } from './testing/chromium.js';

const executablePath = await chromiumOrSkip();
const run = promisify(execFile);

/** The shop's origin, as the issue names it; and a site that copied the shop's page, key included. */
const SHOP = 'https://shop.example';
const COPYCAT = 'https://copycat.example';

/** The page's script: Apollo Client and the shop's query, bundled for the browser as a frontend's build would. */
async function bundlePage(): Promise<string> {
  const bundled = await build({
    entryPoints: [new URL('./testing/apollo-page.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  return bundled.outputFiles[0]?.text ?? '';
}

/** A certificate of our own for both sites' names; Chromium is told to take it (--ignore-certificate-errors). */
async function selfSignedCertificate(): Promise<{ key: Buffer; cert: Buffer }> {
  const dir = await mkdtemp(join(tmpdir(), 'shop-example-'));
  try {
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=shop.example',
      '-addext',
      'subjectAltName=DNS:shop.example,DNS:copycat.example',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ]);
    return { key: await readFile(join(dir, 'key.pem')), cert: await readFile(join(dir, 'cert.pem')) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The shop's static site: another server, another origin. It serves an HTML page and its bundled
 * script, and no API of its own: the page talks to the pet store's /graphql directly.
 */
async function startShopSite(script: string): Promise<Server> {
  const server = createServer(await selfSignedCertificate(), (req, res) => {
    if (req.url === '/app.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Shop</title><script type="module" src="/app.js"></script>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe.skipIf(!executablePath)('a browser key from a page on another origin, through Apollo Client in Chromium', () => {
  let gw: TestGateway;
  let site: Server;
  let browser: Browser;
  let browserKey: string;

  beforeAll(async () => {
    gw = await startTestGateway({ mongodbUri: null });
    await gw.runtime.pets.create({ name: 'Biscuit', categoryId: 1n });
    const account = await gw.runtime.accounts.createAccount('the shop');
    browserKey = (await gw.runtime.keys.createKey(operatorOn(account.id), { kind: 'browser', origins: [SHOP] })).key;
    site = await startShopSite(await bundlePage());
    const sitePort = (site.address() as AddressInfo).port;
    browser = await chromium.launch({
      executablePath,
      headless: true,
      // Both names are the test's site, on https port 443 as far as the page can tell: its origin is
      // exactly https://shop.example (or the copy's), as a visitor's browser would send it.
      args: [
        ...CHROMIUM_ARGS,
        `--host-resolver-rules=MAP shop.example 127.0.0.1:${sitePort}, MAP copycat.example 127.0.0.1:${sitePort}`,
        '--ignore-certificate-errors',
      ],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (site ? site.close(resolve) : resolve(undefined)));
    await gw?.close();
  });

  /** Opens the site at `origin` and runs the page's Apollo Client query against the gateway's /graphql. */
  const fromPage = async (origin: string): Promise<PageAnswer> => {
    const page = await browser.newPage();
    try {
      await page.goto(`${origin}/`, { waitUntil: 'load' });
      await page.waitForFunction(() => 'listPets' in globalThis);
      return await page.evaluate(
        ([uri, key]) => (globalThis as unknown as { listPets: (uri: string, key: string) => Promise<PageAnswer> }).listPets(uri, key),
        [`${gw.baseUrl}/graphql`, browserKey] as const,
      );
    } finally {
      await page.close();
    }
  };

  it('lists pets from a page on the key’s origin, https://shop.example', async () => {
    // Its Authorization header makes the query a non-simple request: the browser sent it only after
    // the gateway answered its preflight (which Chromium makes out of the page's sight), without the key.
    expect(await fromPage(SHOP)).toEqual({ names: expect.arrayContaining(['Biscuit']) });
  }, 60_000);

  it('is refused, readably, from a page on another origin with the same key', async () => {
    // GraphQL errors the page read: CORS let it see the refusal, not a bare network failure.
    expect(await fromPage(COPYCAT)).toMatchObject({
      error: { name: 'CombinedGraphQLErrors', message: expect.stringContaining('browser key (psk_pub_…) for the origins https://shop.example') },
    });
  }, 60_000);
});
