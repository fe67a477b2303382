import { describe, expect, it } from 'vitest';
import { verdict } from './verdict.js';

const versions = (current: string) => ({ package: '@petstore/client', released: '1.4.2', current });

describe('verdict', () => {
  it('passes a contract without breaking changes, whatever the version', () => {
    expect(verdict('openapi.json', [], versions('1.4.2'))).toEqual({ ok: true, message: '' });
  });

  it('fails a breaking change in the same major version, naming the change and the package', () => {
    const result = verdict('openapi.json', ['GET /pets: removed the required property `name`'], versions('1.5.0'));
    expect(result.ok).toBe(false);
    expect(result.message).toContain('openapi.json breaks what @petstore/client@1.4.2 promised');
    expect(result.message).toContain('- GET /pets: removed the required property `name`');
    expect(result.message).toContain('major changeset for @petstore/client');
  });

  it('lets a breaking change through once the major version is bumped', () => {
    expect(verdict('openapi.json', ['GET /pets: removed'], versions('2.0.0')).ok).toBe(true);
  });
});
