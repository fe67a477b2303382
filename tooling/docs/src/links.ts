import { withoutCode } from './markdown-text.js';

/** A link as written: its target (a path, a web address or `#anchor`) and the line it starts on. */
export interface Link {
  target: string;
  line: number;
}

/**
 * The links of a Markdown file, outside code: inline links and images `[text](target "title")`,
 * reference definitions `[label]: target`, and references `[text][label]` whose label is defined
 * nowhere, with the target `[label]` (GitHub shows those as plain text: a link lost).
 */
export function linksOf(markdown: string): Link[] {
  const text = withoutCode(markdown);
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  const links: Link[] = [];
  const labels = new Set<string>();
  for (const match of text.matchAll(INLINE)) links.push({ target: match[1] ?? match[2] ?? '', line: lineAt(match.index) });
  for (const match of text.matchAll(DEFINITION)) {
    labels.add(normalLabel(match[1] ?? ''));
    links.push({ target: match[2] ?? match[3] ?? '', line: lineAt(match.index) });
  }
  for (const match of text.matchAll(REFERENCE)) {
    const label = normalLabel(match[2] || (match[1] ?? '').slice(1, -1));
    if (!labels.has(label)) links.push({ target: `[${label}]`, line: lineAt(match.index) });
  }
  return links.sort((a, b) => a.line - b.line);
}

/** Labels match whatever their case and spacing (CommonMark). */
function normalLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Link text: brackets, with one level of brackets inside, across lines. */
const TEXT = String.raw`\[(?:[^[\]]|\[[^[\]]*\])*\]`;
/** The text, then `(`, the target (`<…>` or without spaces), an optional title, `)`. */
const INLINE = new RegExp(String.raw`${TEXT}\(\s*(?:<([^>\n]*)>|([^)\s]+))(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)`, 'g');
const DEFINITION = /^ {0,3}\[([^\]]+)\]:[ \t]*(?:<([^>\n]*)>|(\S+))/gm;
/** `[text][label]`, or `[label][]`: the text, then the label, captured. */
const REFERENCE = new RegExp(String.raw`(${TEXT})\[([^\]\n]*)\]`, 'g');
