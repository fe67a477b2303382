import { describe, expect, it } from 'vitest';
import { argon2PasswordHasher } from './argon2-password-hasher.js';

const hasher = argon2PasswordHasher();
const PASSWORD = 'correct horse battery staple';

describe('argon2PasswordHasher', () => {
  it("hashes as an argon2id PHC string with OWASP's parameters that verifies the password", async () => {
    const stored = await hasher.hash(PASSWORD);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(stored).not.toContain(PASSWORD);
    expect(await hasher.verify(stored, PASSWORD)).toBe(true);
  });

  it('answers false for any other password, including one differing only in case or by a space', async () => {
    const stored = await hasher.hash(PASSWORD);
    for (const other of ['correct horse battery stapler', 'Correct horse battery staple', `${PASSWORD} `, '']) {
      expect(await hasher.verify(stored, other), other).toBe(false);
    }
  });

  it('salts each hash: the same password twice gives two hashes, each verifying it', async () => {
    const [one, two] = await Promise.all([hasher.hash(PASSWORD), hasher.hash(PASSWORD)]);
    expect(one).not.toBe(two);
    expect(await hasher.verify(one ?? '', PASSWORD)).toBe(true);
    expect(await hasher.verify(two ?? '', PASSWORD)).toBe(true);
  });

  it('answers false, never throws, for a hash it cannot read', async () => {
    const stored = await hasher.hash(PASSWORD);
    const malformed = [
      '',
      'not a hash',
      stored.slice(0, -10),
      stored.replace('$argon2id$', '$argon2xx$'),
      '$argon2id$v=19$m=19456,t=2,p=1$$',
      '$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW',
    ];
    for (const hash of malformed) await expect(hasher.verify(hash, PASSWORD), hash).resolves.toBe(false);
  });

  it('takes a password typed with a combining accent as the same as its precomposed form (NFC)', async () => {
    const precomposed = 'caf\u00e9 au lait, s\u2019il vous pla\u00eet';
    const decomposed = precomposed.normalize('NFD');
    expect(decomposed).not.toBe(precomposed);
    expect(await hasher.verify(await hasher.hash(precomposed), decomposed)).toBe(true);
    expect(await hasher.verify(await hasher.hash(decomposed), precomposed)).toBe(true);
  });
});
