import { z } from 'zod';

/**
 * Characters that do not show as themselves and can make a printed line lie: controls (Cc: a
 * newline starts a fake row, ESC drives a terminal), format characters (Cf: bidi overrides and
 * isolates U+202A–U+202E and U+2066–U+2069, zero-width characters U+200B–U+200F, the BOM),
 * line and paragraph separators (Zl, Zp), and UTF-16 halves that pair with nothing (Cs).
 */
export const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/**
 * The code points of HIDDEN_CHARACTERS but the surrogates, as ranges: a JSON Schema `pattern` is
 * read by other tools' regular expressions (Python's, for one), which know no `\p{…}`. A test
 * holds the table equal to the classes of the Unicode this Node knows.
 */
export const HIDDEN_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0, 0x1f],
  [0x7f, 0x9f],
  [0xad, 0xad],
  [0x600, 0x605],
  [0x61c, 0x61c],
  [0x6dd, 0x6dd],
  [0x70f, 0x70f],
  [0x890, 0x891],
  [0x8e2, 0x8e2],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x2028, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0xfeff, 0xfeff],
  [0xfff9, 0xfffb],
  [0x110bd, 0x110bd],
  [0x110cd, 0x110cd],
  [0x13430, 0x1343f],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0001, 0xe0001],
  [0xe0020, 0xe007f],
];

/** What `String.prototype.trim` removes that is not hidden already: a name of only these is blank. */
const TRIMMED_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
];

/** A range in a character class both ECMAScript (with `u`) and other engines read alike: `\uXXXX` in the BMP, the character itself above it. */
const inClass = (ranges: ReadonlyArray<readonly [number, number]>): string =>
  ranges
    .map((range) => range.map((point) => (point > 0xffff ? String.fromCodePoint(point) : `\\u${point.toString(16).padStart(4, '0')}`)))
    .map(([from, to]) => (from === to ? from : `${from}-${to}`))
    .join('');

/** Nothing hidden, and one character at least that is neither hidden nor trimmed: the rule as the document states it. */
const VISIBLE_NAME = new RegExp(
  `^[^${inClass(HIDDEN_RANGES)}]*[^${inClass(HIDDEN_RANGES)}${inClass(TRIMMED_RANGES)}][^${inClass(HIDDEN_RANGES)}]*$`,
  'u',
);

export const MAX_NAME_LENGTH = 200;

/** U+202E, as the hidden character is named in a refusal. */
export function codePointName(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The refusal of a name with a hidden character in it, naming the first. */
function hiddenIn(name: string): string | undefined {
  const hidden = HIDDEN_CHARACTERS.exec(name)?.[0];
  return hidden === undefined ? undefined : `must not contain control or format characters (it has ${codePointName(hidden)})`;
}

/** The longest key name: short enough for a listing's column. */
export const MAX_KEY_NAME_LENGTH = 100;

/**
 * Text people read as a name: trimmed, not blank, at most `maxLength` characters, and nothing in it
 * that does not show as itself.
 */
function visibleName(maxLength: number) {
  return (
    z
      .string({ error: 'must be text' })
      // Before trimming, which would quietly drop a BOM or a separator at either end. A lone UTF-16
      // half passes the pattern (JSON Schema strings cannot hold one) and is named here too.
      .regex(VISIBLE_NAME, { error: (issue) => hiddenIn(String(issue.input)) ?? 'must not be blank', abort: true })
      .refine((name) => hiddenIn(name) === undefined, { error: (issue) => hiddenIn(String(issue.input)), abort: true })
      .trim()
      .min(1, { error: 'must not be blank' })
      .max(maxLength, { error: `must be at most ${maxLength} characters` })
  );
}

/** Every name the service stores and shows to people (an account's, a person's, an actor's): at most 200 characters. */
export const DisplayName = visibleName(MAX_NAME_LENGTH);

/** A key's name, as its owner tells keys apart in a listing: at most 100 characters. */
export const KeyName = visibleName(MAX_KEY_NAME_LENGTH);
