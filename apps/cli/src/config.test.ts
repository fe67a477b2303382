import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';
import { UsageError } from './usage-error.js';

describe('readConfig', () => {
  it('reads MONGODB_URI and MONGODB_DB', () => {
    expect(readConfig({ MONGODB_URI: 'mongodb://db:27017', MONGODB_DB: 'shop' })).toEqual({
      mongodbUri: 'mongodb://db:27017',
      dbName: 'shop',
    });
  });

  it('uses the petstore database when MONGODB_DB is unset or blank', () => {
    expect(readConfig({ MONGODB_URI: 'mongodb://db:27017', MONGODB_DB: ' ' }).dbName).toBe('petstore');
  });

  it('refuses to run without MONGODB_URI, naming it', () => {
    expect(() => readConfig({ MONGODB_URI: '' })).toThrow(UsageError);
    expect(() => readConfig({})).toThrow(/MONGODB_URI is not set/);
  });
});
