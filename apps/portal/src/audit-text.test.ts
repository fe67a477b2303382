import { AUDIT_ACTIONS } from '@petstore/domain';
import { describe, expect, it } from 'vitest';
import { actionText, actorText, AUDIT_ACTION_WORDS, changeSentences } from './audit-text.js';
import { namesOf } from './names.js';

const names = namesOf(
  [
    { id: 'key_laptop', name: 'laptop', prefix: 'ps_live_cd34' },
    { id: 'key_ci', name: null, prefix: 'ps_live_ab12' },
  ],
  [{ personId: 'per_ann', email: 'ann@example.com' }],
);

describe('the audit trail in words', () => {
  it('tells apart keys of one name (a rolled key and its replacement) by their prefix', () => {
    const rolled = namesOf(
      [
        { id: 'key_old', name: 'ci', prefix: 'ps_live_old1' },
        { id: 'key_new', name: 'ci', prefix: 'ps_live_new2' },
        { id: 'key_other', name: 'laptop', prefix: 'ps_live_oth3' },
      ],
      [],
    );
    expect(['key_old', 'key_new', 'key_other'].map((id) => rolled.key(id))).toEqual(['ci (ps_live_old1)', 'ci (ps_live_new2)', 'laptop']);
  });

  it('says a rename as a sentence', () => {
    expect(changeSentences({ name: { from: 'laptop', to: 'ci' } }, names)).toEqual(['renamed laptop to ci']);
  });

  it('says what a list gained and lost', () => {
    expect(changeSentences({ scopes: { from: ['pets:read'], to: ['pets:read', 'pets:write'] } }, names)).toEqual(['scopes: + pets:write']);
    expect(changeSentences({ origins: { from: ['https://a.example'], to: ['https://b.example'] } }, names)).toEqual([
      'origins: + https://b.example, − https://a.example',
    ]);
  });

  it('names keys and people instead of their ids, and words the fields', () => {
    expect(changeSentences({ replacedBy: { from: null, to: 'key_laptop' }, invitedBy: { from: null, to: 'per_ann' } }, names)).toEqual([
      'replaced by: laptop',
      'invited by: ann@example.com',
    ]);
    expect(changeSentences({ rateLimit: { from: 10, to: 20 }, role: { from: 'admin', to: null } }, names)).toEqual([
      'rate limit changed from 10 to 20',
      'role admin removed',
    ]);
  });

  it('reads instants in the reader’s time', () => {
    const [sentence] = changeSentences({ revokedAt: { from: null, to: '2026-11-27T10:00:00.000Z' } }, names);
    expect(sentence).toMatch(/^revoked at: .*2026/);
    expect(sentence).not.toContain('T10:00:00');
  });

  it('names the actor by email or key name, the id kept for a hover', () => {
    expect(actorText('person:per_ann', names)).toEqual({ text: 'ann@example.com', id: 'person:per_ann' });
    expect(actorText('key:key_laptop', names)).toEqual({ text: 'key laptop', id: 'key:key_laptop' });
    expect(actorText('key:key_ci', names)).toEqual({ text: 'key ps_live_ab12', id: 'key:key_ci' });
    expect(actorText('person:per_gone', names)).toEqual({ text: 'per_gone', id: 'person:per_gone' });
    expect(actorText('anonymous', names)).toEqual({ text: 'anonymous', id: undefined });
    expect(actorText('alice', names)).toEqual({ text: 'operator alice', id: undefined });
  });
});

describe('the audit actions in words', () => {
  it('word every action the service records, in its order', () => {
    expect(AUDIT_ACTION_WORDS.map(({ action }) => action)).toEqual([...AUDIT_ACTIONS]);
  });

  it('words an action', () => {
    expect(actionText('key.rolled')).toBe('rolled a key');
  });
});
