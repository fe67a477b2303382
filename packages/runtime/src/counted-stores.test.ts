import { DomainError } from '@petstore/domain';
import { PetstoreMetrics } from '@petstore/http';
import { describe, expect, it } from 'vitest';
import { countDatabaseErrors } from './counted-stores.js';

describe('countDatabaseErrors', () => {
  const store = {
    ok: async () => 'fine',
    down: async () => {
      throw new DomainError('service_unavailable', 'down');
    },
    taken: async () => {
      throw new DomainError('conflict', 'exists');
    },
    broken: async () => {
      throw new TypeError('bug');
    },
  };

  it('counts database failures by operation and code, passes everything through unchanged', async () => {
    const metrics = new PetstoreMetrics({ processMetrics: false });
    const counted = countDatabaseErrors(store, 'pets', metrics);
    await expect(counted.ok()).resolves.toBe('fine');
    await expect(counted.down()).rejects.toMatchObject({ code: 'service_unavailable' });
    await expect(counted.down()).rejects.toMatchObject({ code: 'service_unavailable' });
    await expect(counted.taken()).rejects.toMatchObject({ code: 'conflict' });
    await expect(counted.broken()).rejects.toBeInstanceOf(TypeError);
    const text = await metrics.render();
    expect(text).toContain('petstore_database_errors_total{operation="pets.down",code="service_unavailable"} 2');
    expect(text).toContain('petstore_database_errors_total{operation="pets.broken",code="internal_error"} 1');
    expect(text).not.toContain('pets.taken');
  });
});
