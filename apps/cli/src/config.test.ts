import { userInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';
import { UsageError } from './usage-error.js';

describe('readConfig', () => {
  it('reads MONGODB_URI, MONGODB_DB and MONGODB_TIMEOUT_MS as the service does', () => {
    expect(readConfig({ MONGODB_URI: 'mongodb://db:27017', MONGODB_DB: 'shop', MONGODB_TIMEOUT_MS: '500' })).toEqual({
      mongodbUri: 'mongodb://db:27017',
      dbName: 'shop',
      timeoutMs: 500,
      actor: userInfo().username,
      publicBaseUrl: undefined,
      signUpPolicy: 'open',
      keyEnvironment: 'test',
      keyTagSecrets: undefined,
    });
  });

  it('reads PUBLIC_BASE_URL, which printed links point at, and PETSTORE_SIGNUP as the service does', () => {
    expect(readConfig({ MONGODB_URI: 'mongodb://db:27017', PUBLIC_BASE_URL: 'https://petstore.example/', PETSTORE_SIGNUP: 'closed' })).toMatchObject({
      publicBaseUrl: 'https://petstore.example',
      signUpPolicy: 'closed',
    });
    expect(() => readConfig({ MONGODB_URI: 'mongodb://db:27017', PETSTORE_SIGNUP: 'sometimes' })).toThrow(
      /PETSTORE_SIGNUP must be open, invite or closed/,
    );
  });

  it('issues live keys against a production service and test keys otherwise, as PETSTORE_ENV says', () => {
    const keyEnvironment = (env: Record<string, string>) => readConfig({ MONGODB_URI: 'mongodb://db:27017', ...env }).keyEnvironment;
    expect(keyEnvironment({ PETSTORE_ENV: 'production', PETSTORE_METRICS_PORT: '9464' })).toBe('live');
    expect([keyEnvironment({ PETSTORE_ENV: 'staging' }), keyEnvironment({ PETSTORE_ENV: 'development' }), keyEnvironment({})]).toEqual([
      'test',
      'test',
      'test',
    ]);
  });

  it('reads PETSTORE_KEY_TAG_SECRETS as the service does, so the keys it makes are tagged as the service checks them', () => {
    const secrets = `${'n'.repeat(32)}, ${'o'.repeat(32)}`;
    expect(readConfig({ MONGODB_URI: 'mongodb://db:27017', PETSTORE_KEY_TAG_SECRETS: secrets }).keyTagSecrets).toEqual([
      'n'.repeat(32),
      'o'.repeat(32),
    ]);
    expect(() => readConfig({ MONGODB_URI: 'mongodb://db:27017', PETSTORE_KEY_TAG_SECRETS: 'short' })).toThrow(/PETSTORE_KEY_TAG_SECRETS must be/);
  });

  it('names PETSTORE_ACTOR as the actor of its changes when set, instead of the operating-system user', () => {
    expect(readConfig({ MONGODB_URI: 'mongodb://db:27017', PETSTORE_ACTOR: ' deploy-bot (CI) ' }).actor).toBe('deploy-bot (CI)');
  });

  it('uses the petstore database when MONGODB_DB is unset or blank', () => {
    expect(readConfig({ MONGODB_URI: 'mongodb://db:27017', MONGODB_DB: ' ' }).dbName).toBe('petstore');
  });

  it('refuses to run without MONGODB_URI, naming it', () => {
    expect(() => readConfig({ MONGODB_URI: '' })).toThrow(UsageError);
    expect(() => readConfig({})).toThrow(/MONGODB_URI is not set/);
  });

  it.each([
    ['MONGODB_URI', { MONGODB_URI: 'http://db:27017' }],
    ['MONGODB_DB', { MONGODB_URI: 'mongodb://db:27017', MONGODB_DB: 'a/b' }],
    ['MONGODB_TIMEOUT_MS', { MONGODB_URI: 'mongodb://db:27017', MONGODB_TIMEOUT_MS: 'soon' }],
    ['PETSTORE_ACTOR', { MONGODB_URI: 'mongodb://db:27017', PETSTORE_ACTOR: 'eve\u001b[2J' }],
  ])('refuses a bad %s as a usage error naming it, never its value', (variable, env) => {
    const error = (() => {
      try {
        readConfig(env);
      } catch (caught) {
        return caught as Error;
      }
      throw new Error('expected a refusal');
    })();
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toContain(variable);
    for (const value of Object.values(env)) expect(error.message).not.toContain(value);
  });
});
