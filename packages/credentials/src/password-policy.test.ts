import { isDomainError } from '@petstore/domain';
import { describe, expect, it } from 'vitest';
import { checkPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-policy.js';

/** The refusal's message, or undefined when the password is accepted; a refusal is always invalid_request. */
async function refusalOf(password: string, email?: string): Promise<string | undefined> {
  try {
    await checkPassword(password, email === undefined ? {} : { email });
    return undefined;
  } catch (error) {
    if (!isDomainError(error) || error.code !== 'invalid_request') throw error;
    expect(error.message, 'a refusal never repeats the password').not.toContain(password);
    return error.message;
  }
}

/** A password of `length` characters no list holds. */
const unlisted = (length: number): string => 'vK7#qP2m'.repeat(17).slice(0, length);

describe('checkPassword', () => {
  it(`accepts ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters and refuses one fewer or one more`, async () => {
    expect(await refusalOf(unlisted(11))).toBe('the password must be at least 12 characters long');
    expect(await refusalOf(unlisted(12))).toBeUndefined();
    expect(await refusalOf(unlisted(128))).toBeUndefined();
    expect(await refusalOf(unlisted(129))).toBe('the password must be at most 128 characters long');
  });

  it('has no composition rules: twelve lower-case letters or spaces and words will do', async () => {
    expect(await refusalOf('zqxjkvbwplmn')).toBeUndefined();
    expect(await refusalOf('purple tractor on a quiet monday')).toBeUndefined();
  });

  it('counts characters as Unicode code points of the NFC form, not UTF-16 units', async () => {
    // Each emoji is two UTF-16 units: 11 of them are 22 units but 11 characters.
    const emoji = (count: number) => [...'\u{1F98A}\u{1F43E}'.repeat(count)].slice(0, count).join('');
    expect(await refusalOf(emoji(11))).toMatch(/at least 12/);
    expect(await refusalOf(emoji(12))).toBeUndefined();
    expect(await refusalOf(emoji(128))).toBeUndefined();
    expect(await refusalOf(emoji(129))).toMatch(/at most 128/);
    // "é" typed as "e" and a combining accent is one character: 11 such are refused, 12 accepted.
    const accented = (count: number) => Array.from({ length: count }, (_, at) => (at % 2 === 0 ? 'e\u0301' : 'a\u0301')).join('');
    expect(await refusalOf(accented(11))).toMatch(/at least 12/);
    expect(await refusalOf(accented(12))).toBeUndefined();
    expect(await refusalOf('日本語のパスワードです')).toMatch(/at least 12/);
    expect(await refusalOf('日本語のとても長いパスワード')).toBeUndefined();
  });

  it('refuses a password of the common-password list, whatever its case', async () => {
    for (const common of ['1qaz2wsx3edc', 'qwerty123456', 'QWERTY123456', 'LeaveMeAlone', 'finalfantasy']) {
      expect(await refusalOf(common), common).toBe('the password is among the most common passwords, which are guessed first; choose another');
    }
    expect(await refusalOf('1qaz2wsx3edc4'), 'a listed password with more is not listed').toBeUndefined();
  });

  it('refuses a common password however it is disguised: letter widths (NFKC), invisible characters and spaces', async () => {
    const common = 'the password is among the most common passwords, which are guessed first; choose another';
    expect(await refusalOf('ｑｗｅｒｔｙ１２３４５６')).toBe(common);
    expect(await refusalOf('qwerty\u200b123456')).toBe(common);
    expect(await refusalOf('qwerty 123456')).toBe(common);
    expect(await refusalOf('\u2060QWERTY\u00ad123456\ufeff')).toBe(common);
    // Shorter entries of the list match too once the password is long enough as typed.
    expect(await refusalOf('pass word 12')).toBe(common);
    expect(await refusalOf('correct horse battery staple')).toBeUndefined();
  });

  it('refuses one character repeated, after the same folding: twelve spaces too', async () => {
    const repeated = 'the password must not be one character repeated';
    for (const password of ['aaaaaaaaaaaa', ' '.repeat(12), 'AaAaAaAaAaAa', 'ａａａａａａａａａａａａ', 'a a a a a a a', '\u{1F98A}'.repeat(12)]) {
      expect(await refusalOf(password), JSON.stringify(password)).toBe(repeated);
    }
    expect(await refusalOf('\u200b'.repeat(12))).toBe(repeated);
    expect(await refusalOf('aaaaaaaaaaab')).toBeUndefined();
  });

  it('still counts the length on the password as typed, spaces and invisible characters included', async () => {
    expect(await refusalOf('zqxjk vbwplm')).toBeUndefined();
    expect(await refusalOf('zqxjkvbwplm')).toMatch(/at least 12/);
  });

  it('refuses the email address or the part before its @, whatever the case', async () => {
    const email = 'Ada.Lovelace.1815@example.com';
    const message = 'the password must not be your email address or the part of it before the @';
    expect(await refusalOf('ada.lovelace.1815@example.com', email)).toBe(message);
    expect(await refusalOf('ADA.LOVELACE.1815', email)).toBe(message);
    expect(await refusalOf('ada.lovelace.1815', ' ada.lovelace.1815@EXAMPLE.com ')).toBe(message);
    expect(await refusalOf('ada.lovelace.1815!', email)).toBeUndefined();
    expect(await refusalOf('ada.lovelace.1815', 'someone.else@example.com')).toBeUndefined();
  });
});
