import { describe, expect, it } from 'vitest';
import { uniqueName } from './unique-name.js';

describe('uniqueName', () => {
  it('keeps the prefix and differs on every call', () => {
    const names = Array.from({ length: 100 }, () => uniqueName('petstore_test'));
    expect(new Set(names).size).toBe(100);
    for (const name of names) expect(name).toMatch(/^petstore_test_[0-9a-z]+_[0-9a-f]{8}$/);
  });
});
