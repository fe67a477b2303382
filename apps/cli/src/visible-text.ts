import { HIDDEN_CHARACTERS } from '@petstore/domain';

const EVERY_HIDDEN_CHARACTER = new RegExp(HIDDEN_CHARACTERS.source, 'gu');

/**
 * A line as it may safely reach a terminal: every character that does not show as itself (see
 * HIDDEN_CHARACTERS) written as its escape, such as \u202e, so that a name stored by an older
 * release or written straight into the database cannot print a fake row, reorder a line or drive
 * the terminal. The escapes are JSON's own, so a JSON document stays the same document.
 */
export function visibleText(line: string): string {
  return line.replace(EVERY_HIDDEN_CHARACTER, (character) =>
    Array.from({ length: character.length }, (_, unit) => `\\u${character.charCodeAt(unit).toString(16).padStart(4, '0')}`).join(''),
  );
}
