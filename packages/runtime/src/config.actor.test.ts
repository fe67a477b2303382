import { userInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { resolveActor } from './actor.js';
import { ConfigError, loadConfig } from './config.js';

describe('PETSTORE_ACTOR', () => {
  it.each([
    ['blank', ''],
    ['spaces only', '   '],
    ['a zero-width space that hides in a listing', 'alice\u200B'],
    ['a right-to-left override', '\u202Eecila'],
    ['bidi isolates', '\u2066alice\u2069'],
    ['a line separator', 'alice\u2028bob'],
    ['a newline', 'alice\nbob'],
  ])('refuses %s, naming the variable and never its value', (_, value) => {
    let error: unknown;
    try {
      loadConfig({ PETSTORE_ACTOR: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PETSTORE_ACTOR must');
    if (value.trim() !== '') expect(message).not.toContain(value);
  });

  it('names the actor trimmed when set, and the operating-system user only when unset', () => {
    expect(resolveActor(loadConfig({ PETSTORE_ACTOR: ' deploy-bot (CI) ' }).PETSTORE_ACTOR)).toBe('deploy-bot (CI)');
    expect(resolveActor(loadConfig({}).PETSTORE_ACTOR)).toBe(userInfo().username);
  });
});
