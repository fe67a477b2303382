import { withoutCodeBlocks } from './markdown-text.js';
import { headingSlugger } from './slug.js';

/** The anchors a Markdown file offers: one per heading (ATX, `#` to `######`), and HTML `id`s and `name`s. */
export function anchorsOf(markdown: string): Set<string> {
  const slug = headingSlugger();
  const anchors = new Set<string>();
  for (const line of withoutCodeBlocks(markdown)) {
    const heading = HEADING.exec(line);
    if (heading) anchors.add(slug(heading[1] ?? ''));
    for (const [, id] of line.matchAll(HTML_ANCHOR)) if (id !== undefined) anchors.add(id);
  }
  return anchors;
}

/** Up to three spaces, one to six `#`, the text, and an optional closing run of `#`. */
const HEADING = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const HTML_ANCHOR = /<a\s[^>]*\b(?:id|name)="([^"]+)"/g;
