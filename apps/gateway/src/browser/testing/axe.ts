import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = readFile(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/** The page's globals as far as the check uses them (the gateway's code compiles without the DOM library). */
declare const axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> };
declare const document: unknown;

/**
 * Every accessibility violation axe-core finds on the page as it is now, of any impact (WCAG 2.x A
 * and AA, and axe's best practices): a minor one is still something a person meets. axe is evaluated through the DevTools protocol,
 * which the page's Content-Security-Policy does not govern, so the page's own policy stays as served.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(await axeSource);
  const { violations } = await page.evaluate(() =>
    axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    }),
  );
  return violations.map(
    (violation) => `${violation.impact}: ${violation.id} (${violation.help}) at ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
  );
}
