import { describe, expect, it } from 'vitest';
import { MapKeyStore } from '../testing/map-key-store.js';
import { movableClock } from '../testing/movable-clock.js';
import { testAccounts } from '../testing/test-accounts.js';
import { DisplayName } from './display-name.js';

describe('DisplayName', () => {
  it.each([
    ['a newline', 'alice\nkey.revoked', 'U+000A'],
    ['ESC', 'eve\u001b[2J', 'U+001B'],
    ['a right-to-left override', 'abc\u202Edef', 'U+202E'],
    ['a zero-width space', 'alice\u200B', 'U+200B'],
    ['a left-to-right mark', 'alice\u200E', 'U+200E'],
    ['a bidi isolate', '\u2066alice\u2069', 'U+2066'],
    ['a line separator', 'a\u2028b', 'U+2028'],
    ['a paragraph separator', 'a\u2029b', 'U+2029'],
    ['a byte order mark', '\uFEFFalice', 'U+FEFF'],
    ['a lone surrogate', 'a\uD800b', 'U+D800'],
  ])('refuses a name with %s, naming the character', (_, name, codePoint) => {
    const result = DisplayName.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(`must not contain control or format characters (it has ${codePoint})`);
  });

  it('refuses blank and overlong names, and keeps a name of letters, spaces, punctuation and emoji, trimmed', () => {
    expect(DisplayName.safeParse('  ').error?.issues[0]?.message).toBe('must not be blank');
    expect(DisplayName.safeParse('x'.repeat(201)).error?.issues[0]?.message).toBe('must be at most 200 characters');
    expect(DisplayName.parse('  Zoë’s Pet Shop (ops) 🐾 ')).toBe('Zoë’s Pet Shop (ops) 🐾');
  });
});

describe('AccountService.createAccount', () => {
  it('refuses a name that would print a fake line, storing and recording nothing', async () => {
    const store = new MapKeyStore();
    const { accounts, audit } = testAccounts(store, movableClock('2026-01-01T00:00:00.000Z').clock);
    await expect(accounts.createAccount('a\nb')).rejects.toMatchObject({
      code: 'invalid_request',
      message: 'name: must not contain control or format characters (it has U+000A)',
    });
    expect(store.accounts.size).toBe(0);
    expect(audit.records).toEqual([]);
  });
});
