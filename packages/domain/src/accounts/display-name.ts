import { z } from 'zod';

/**
 * Characters that do not show as themselves and can make a printed line lie: controls (Cc: a
 * newline starts a fake row, ESC drives a terminal), format characters (Cf: bidi overrides and
 * isolates U+202A–U+202E and U+2066–U+2069, zero-width characters U+200B–U+200F, the BOM),
 * line and paragraph separators (Zl, Zp), and UTF-16 halves that pair with nothing (Cs).
 */
export const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

export const MAX_NAME_LENGTH = 200;

/** U+202E, as the hidden character is named in a refusal. */
export function codePointName(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Every name the service stores and shows to people (an account's, a person's, a key's, an actor's):
 * trimmed, not blank, at most 200 characters, and nothing in it that does not show as itself.
 */
export const DisplayName = z
  .string({ error: 'must be text' })
  // Before trimming, which would quietly drop a BOM or a separator at either end.
  .superRefine((name, context) => {
    const hidden = HIDDEN_CHARACTERS.exec(name)?.[0];
    if (hidden !== undefined) {
      context.addIssue({ code: 'custom', message: `must not contain control or format characters (it has ${codePointName(hidden)})` });
    }
  })
  .trim()
  .min(1, { error: 'must not be blank' })
  .max(MAX_NAME_LENGTH, { error: `must be at most ${MAX_NAME_LENGTH} characters` });
