import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KeyTags, newKeyTagSecret } from './key-tag.js';

const OLD = 'old-secret-0123456789abcdef0123456789';
const NEW = 'new-secret-0123456789abcdef0123456789';
/** One character changed, to another of the alphabet. */
const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);

describe('KeyTags', () => {
  it('makes keys of every kind and environment as their prefix, 43 random characters and a 16-character tag, and knows them', () => {
    const tags = new KeyTags([OLD]);
    const keys = [tags.newKey('live'), tags.newKey('test'), tags.newKey('live', 'browser'), tags.newKey('test', 'browser')];
    expect(keys.map((key) => /^(psk_(?:pub_)?(?:live|test)_)[A-Za-z0-9_-]{59}$/.exec(key)?.[1])).toEqual([
      'psk_live_',
      'psk_test_',
      'psk_pub_live_',
      'psk_pub_test_',
    ]);
    expect(keys.map((key) => tags.verdict(key))).toEqual(['tagged', 'tagged', 'tagged', 'tagged']);
    expect(new Set(keys.map((key) => key.slice(-16))).size, 'each key its own tag').toBe(4);
  });

  it('finds a key forged when any character of its tag, its random part or its prefix changes', () => {
    const tags = new KeyTags([OLD]);
    const key = tags.newKey('test');
    for (const at of [key.length - 1, key.length - 16, key.length - 17, 9]) expect(tags.verdict(flip(key, at)), `at ${at}`).toBe('forged');
    const body = key.slice('psk_test_'.length);
    expect(tags.verdict(`psk_live_${body}`), 'the tag covers the environment').toBe('forged');
    expect(tags.verdict(`psk_pub_test_${body}`), 'and the kind').toBe('forged');
  });

  it('finds a key made under another secret forged, unless that secret is listed: the first tags, every one checks', () => {
    const underOld = new KeyTags([OLD]).newKey('live');
    const rotated = new KeyTags([NEW, OLD]);
    expect(new KeyTags([NEW]).verdict(underOld)).toBe('forged');
    expect(rotated.verdict(underOld)).toBe('tagged');
    const underNew = rotated.newKey('live');
    expect([new KeyTags([NEW]).verdict(underNew), new KeyTags([OLD]).verdict(underNew)]).toEqual(['tagged', 'forged']);
  });

  it('leaves every other text untagged, for a lookup: keys issued before tags, and development keys an operator chose', () => {
    const tags = new KeyTags([OLD]);
    const random = randomBytes(32).toString('base64url');
    const untagged = [
      `psk_${random}`,
      `psk_live_${random}`,
      `psk_pub_test_${random}`,
      'dev-key-0123456789abcdef',
      `psk_${random}${'A'.repeat(16)}`,
      `psk_test_${random}${'A'.repeat(15)}`,
      `psk_test_${random}${'A'.repeat(17)}`,
      `psk_test_${random.slice(0, 40)}+/=${'A'.repeat(16)}`,
      `xpsk_test_${random}${'A'.repeat(16)}`,
    ];
    expect(untagged.map((key) => tags.verdict(key))).toEqual(untagged.map(() => 'untagged'));
  });

  it('makes secrets of 32 random bytes', () => {
    const [one, two] = [newKeyTagSecret(), newKeyTagSecret()];
    expect(one).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(one).not.toBe(two);
  });
});
