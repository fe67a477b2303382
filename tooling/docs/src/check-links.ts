import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { anchorsOf } from './anchors.js';
import { linksOf } from './links.js';

/** A link a reader cannot follow, with where it is written and why. */
export interface BrokenLink {
  file: string;
  line: number;
  target: string;
  reason: string;
}

/**
 * The links of the Markdown file `file` (an absolute path inside `root`) that a reader of the
 * repository cannot follow: a relative path must reach a file or folder inside `root`, and an
 * anchor (`#…`, alone or after a Markdown file) a heading of the file it names. Web addresses are
 * not fetched; a path from the root (`/docs/…`) is refused, as it breaks outside GitHub.
 */
export function brokenLinks(file: string, root: string): BrokenLink[] {
  const broken: BrokenLink[] = [];
  for (const { target, line } of linksOf(readFileSync(file, 'utf8'))) {
    const reason = whyBroken(file, root, target);
    if (reason !== undefined) broken.push({ file: relative(root, file), line, target, reason });
  }
  return broken;
}

function whyBroken(file: string, root: string, target: string): string | undefined {
  if (/^\[.*\]$/.test(target)) return 'a reference to a label defined nowhere';
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(target)) return undefined;
  const [encodedPath = '', encodedAnchor] = target.split('#', 2);
  const path = decoded(encodedPath.split('?')[0] ?? '');
  const anchor = decoded(encodedAnchor ?? '');
  if (path === undefined || anchor === undefined) return 'a malformed %-escape';
  if (path.startsWith('/')) return 'a path from the root: write it relative to this file';
  const destination = path === '' ? file : resolve(dirname(file), path);
  const fromRoot = relative(root, destination);
  if (fromRoot === '..' || fromRoot.startsWith(`..${sep}`) || isAbsolute(fromRoot)) return 'leaves the repository';
  if (!existsSync(destination)) return 'no such file';
  if (anchor === '' || !destination.endsWith('.md') || !statSync(destination).isFile()) return undefined;
  return anchorsOf(readFileSync(destination, 'utf8')).has(anchor) ? undefined : `no heading with the anchor #${anchor}`;
}

/** The text a %-encoded part of a link stands for; undefined when it is not well formed. */
function decoded(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}
