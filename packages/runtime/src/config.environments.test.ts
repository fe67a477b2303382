import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_PRODUCTION_URL, DEFAULT_STAGING_URL, loadConfig } from './config.js';

describe('the environments the published API document lists', () => {
  it('default to the production and staging addresses of /v1', () => {
    const config = loadConfig({});
    expect(config.PETSTORE_PRODUCTION_URL).toBe(DEFAULT_PRODUCTION_URL);
    expect(config.PETSTORE_STAGING_URL).toBe(DEFAULT_STAGING_URL);
    expect(loadConfig({ PETSTORE_PRODUCTION_URL: '  ' }).PETSTORE_PRODUCTION_URL).toBe(DEFAULT_PRODUCTION_URL);
  });

  it('take configured addresses, without a trailing slash', () => {
    const config = loadConfig({ PETSTORE_PRODUCTION_URL: 'https://api.pets.example.org/v1/', PETSTORE_STAGING_URL: 'http://10.0.0.7:8080/v1' });
    expect(config.PETSTORE_PRODUCTION_URL).toBe('https://api.pets.example.org/v1');
    expect(config.PETSTORE_STAGING_URL).toBe('http://10.0.0.7:8080/v1');
  });

  it.each([
    ['PETSTORE_PRODUCTION_URL', 'api.pets.example.org/v1'],
    ['PETSTORE_PRODUCTION_URL', 'ftp://api.pets.example.org/v1'],
    ['PETSTORE_STAGING_URL', 'https://staging.pets.example.org'],
    ['PETSTORE_STAGING_URL', 'https://staging.pets.example.org/v2'],
  ])('refuse %s=%s, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name} must be an http\\(s\\) URL ending in /v1`));
  });
});
