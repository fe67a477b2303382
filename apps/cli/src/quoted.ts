/**
 * Text someone chose (an account's, a key's or a passkey's name, an email address) as the
 * human-readable output shows it: a JSON string, so that it reads as one value wherever it stands.
 * Unquoted, a name such as `x"}  2026-…  operator:root  account.suspended` would pass for more
 * columns of a listing, or another record of `audit list`. Hidden characters are escaped after, by
 * visibleText, with JSON's own escapes, so the string stays one JSON string.
 */
export function quoted(text: string): string {
  return JSON.stringify(text);
}
