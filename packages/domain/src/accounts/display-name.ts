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
      // Before trimming, which would quietly drop a BOM or a separator at either end.
      .superRefine((name, context) => {
        const hidden = HIDDEN_CHARACTERS.exec(name)?.[0];
        if (hidden !== undefined) {
          context.addIssue({ code: 'custom', message: `must not contain control or format characters (it has ${codePointName(hidden)})` });
        }
      })
      .trim()
      .min(1, { error: 'must not be blank' })
      .max(maxLength, { error: `must be at most ${maxLength} characters` })
  );
}

/** Every name the service stores and shows to people (an account's, a person's, an actor's): at most 200 characters. */
export const DisplayName = visibleName(MAX_NAME_LENGTH);

/** A key's name, as its owner tells keys apart in a listing: at most 100 characters. */
export const KeyName = visibleName(MAX_KEY_NAME_LENGTH);
