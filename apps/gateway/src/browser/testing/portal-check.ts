import { copyFile, mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { accessibilityViolations } from './axe.js';

/** A phone's and a desktop's viewport: every portal page is checked and photographed at both. */
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
/** Every screenshot of every run (ignored by git: they change with each run's dates and ids). */
const SCREENSHOTS = new URL('../../../screenshots/portal/', import.meta.url);
/** The few the README and docs/portal.md show, kept in git. */
const DOCS_SCREENSHOTS = new URL('../../../../../docs/screenshots/', import.meta.url);
/**
 * The pages (name and width) copied to docs/screenshots/ when PETSTORE_SCREENSHOTS_TO_DOCS=1, from
 * the journey on the embedded store: a test-run switch to refresh the docs, no option of the service.
 */
const FOR_THE_DOCS = new Set(['keys-usage-1280', 'keys-usage-390', 'key-1280', 'usage-1280', 'usage-390', 'create-key-1280', 'security-1280']);

/** Records the page's Content-Security-Policy violations in `window.cspViolations`, from before its own script runs. */
export async function recordCspViolations(page: Page): Promise<void> {
  // Run through the DevTools protocol, which the page's policy does not govern.
  await page.addInitScript(
    "window.cspViolations = []; document.addEventListener('securitypolicyviolation', (event) => window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));",
  );
  await mkdir(SCREENSHOTS, { recursive: true });
}

/**
 * The check of a portal page as it is now: at a phone's and a desktop's size, axe finds no violation
 * of any impact, the Content-Security-Policy reported none so far (see recordCspViolations), and a
 * screenshot `<prefix>-<name>-<width>.png` is kept.
 */
export function portalCheck(page: Page, prefix: string): (name: string) => Promise<void> {
  const toDocs = process.env['PETSTORE_SCREENSHOTS_TO_DOCS'] === '1' && prefix === 'embedded';
  return async (name) => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      expect(await accessibilityViolations(page), `${name} at ${size.width} px`).toEqual([]);
      expect(await page.evaluate<string[]>('window.cspViolations'), `${name} at ${size.width} px`).toEqual([]);
      const path = new URL(`${prefix}-${name}-${size.width}.png`, SCREENSHOTS);
      await page.screenshot({ path: path.pathname, fullPage: true });
      if (toDocs && FOR_THE_DOCS.has(`${name}-${size.width}`)) await copyFile(path, new URL(`${name}-${size.width}.png`, DOCS_SCREENSHOTS));
    }
  };
}
