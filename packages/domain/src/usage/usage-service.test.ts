import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors/domain-error.js';
import type { ManagementCaller } from '../management/ports.js';
import { movableClock } from '../testing/movable-clock.js';
import { DAY_MS, HOUR_MS, type HourCount, type UsageBucket, type UsageFilter, type UsageStore } from './ports.js';
import { UsageService } from './usage-service.js';

/** Hour counts read back as stored buckets of either granularity, without a database: the service's grouping and spans are what is tested. */
class ListStore implements UsageStore {
  readonly counts: HourCount[] = [];
  async add(counts: readonly HourCount[]): Promise<void> {
    this.counts.push(...counts);
  }
  async find(filter: UsageFilter): Promise<UsageBucket[]> {
    const size = filter.granularity === 'hour' ? HOUR_MS : DAY_MS;
    return this.counts
      .map(({ hour, ...tally }) => ({ ...tally, granularity: filter.granularity, start: new Date(hour.getTime() - (hour.getTime() % size)) }))
      .filter(
        (bucket) =>
          bucket.accountId === filter.accountId &&
          bucket.start >= filter.from &&
          bucket.start < filter.to &&
          (filter.operation === undefined || bucket.operation === filter.operation),
      );
  }
  async prune(): Promise<void> {}
}

const person: ManagementCaller = { kind: 'person', personId: 'per_1', accountId: 'acc_1', role: 'owner', emailVerified: true };
const hour = (at: string) => new Date(at);

function setUp() {
  const { clock } = movableClock('2026-11-27T05:10:00Z');
  const store = new ListStore();
  return { store, service: new UsageService({ store, clock }) };
}

describe('UsageService', () => {
  it("answers the caller's account's calls by key, operation and door, every outcome in each row, and each key's totals", async () => {
    const { store, service } = setUp();
    await store.add([
      { accountId: 'acc_1', keyId: 'key_a', operation: 'listPets', door: 'rest', outcome: 'served', hour: hour('2026-11-27T04:00:00Z'), count: 5 },
      {
        accountId: 'acc_1',
        keyId: 'key_a',
        operation: 'listPets',
        door: 'rest',
        outcome: 'rate_limited',
        hour: hour('2026-11-27T04:00:00Z'),
        count: 2,
      },
      { accountId: 'acc_1', keyId: 'key_a', operation: 'getPet', door: 'graphql', outcome: 'served', hour: hour('2026-11-27T05:00:00Z'), count: 1 },
      { accountId: 'acc_2', keyId: 'key_x', operation: 'listPets', door: 'rest', outcome: 'served', hour: hour('2026-11-27T05:00:00Z'), count: 9 },
    ]);
    const report = await service.getUsage(person, { granularity: 'hour' });
    expect(report.from).toEqual(new Date('2026-11-25T06:00:00Z'));
    expect(report.to).toEqual(new Date('2026-11-27T06:00:00Z'));
    expect(report.rows).toEqual([
      {
        start: hour('2026-11-27T04:00:00Z'),
        keyId: 'key_a',
        operation: 'listPets',
        door: 'rest',
        calls: 7,
        outcomes: { served: 5, forbidden: 0, rate_limited: 2, client_error: 0, server_error: 0 },
      },
      {
        start: hour('2026-11-27T05:00:00Z'),
        keyId: 'key_a',
        operation: 'getPet',
        door: 'graphql',
        calls: 1,
        outcomes: { served: 1, forbidden: 0, rate_limited: 0, client_error: 0, server_error: 0 },
      },
    ]);
    expect(report.keys).toEqual([{ keyId: 'key_a', calls: 8, deprecatedCalls: 1 }]);
  });

  it('rounds the span out to whole days, the last 30 by default', async () => {
    const { service } = setUp();
    const report = await service.getUsage(person, {});
    expect(report).toMatchObject({ granularity: 'day', from: new Date('2026-10-29T00:00:00Z'), to: new Date('2026-11-28T00:00:00Z') });
    const asked = await service.getUsage(person, { from: '2026-11-01T13:00:00Z', to: '2026-11-02T00:00:00Z' });
    expect(asked).toMatchObject({ from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-02T00:00:00Z') });
  });

  it('counts nothing for a `from` after `to`, and from the oldest bucket kept for a span reaching further back', async () => {
    // Rules between two filters, which the document's schema could not state, are not refusals.
    const { service } = setUp();
    const backwards = await service.getUsage(person, { from: '2026-11-20T00:00:00Z', to: '2026-11-10T00:00:00Z' });
    expect(backwards).toMatchObject({ from: new Date('2026-11-10T00:00:00Z'), to: new Date('2026-11-10T00:00:00Z'), rows: [] });
    const wide = await service.getUsage(person, { granularity: 'hour', from: '2026-11-01T00:00:00Z', to: '2026-11-28T00:00:00Z' });
    expect(wide).toMatchObject({ from: new Date('2026-11-21T00:00:00Z'), to: new Date('2026-11-28T00:00:00Z') });
  });

  it.each([
    [{ granularity: 'week' }, 'granularity: must be hour or day'],
    [{ door: 'soap' }, 'door: must be rest, graphql or trpc'],
    [{ operation: 'dropTables' }, 'operation: must be an operation of the catalogue, such as listPets, or unknown'],
    [{ from: 'yesterday' }, 'from: must be an ISO 8601 instant'],
    [{ limit: '5' }, 'unknown field "limit"'],
  ])('refuses %j with a message naming the filter', async (input, message) => {
    const { service } = setUp();
    await expect(service.getUsage(person, input)).rejects.toEqual(new DomainError('invalid_request', message));
  });

  it('refuses a management key without keys:read', async () => {
    const { service } = setUp();
    const key: ManagementCaller = { kind: 'key', keyId: 'key_m', accountId: 'acc_1', scopes: ['pets:read'] };
    await expect(service.getUsage(key, {})).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('reports who called a deprecated operation in the last 30 days, by key and door, with its sunset and replacement', async () => {
    const { store, service } = setUp();
    await store.add([
      { accountId: 'acc_1', keyId: 'key_a', operation: 'getPet', door: 'rest', outcome: 'served', hour: hour('2026-11-27T04:00:00Z'), count: 3 },
      {
        accountId: 'acc_1',
        keyId: 'key_a',
        operation: 'getPet',
        door: 'trpc',
        outcome: 'client_error',
        hour: hour('2026-11-20T04:00:00Z'),
        count: 1,
      },
      { accountId: 'acc_1', keyId: 'key_b', operation: 'getPet', door: 'graphql', outcome: 'served', hour: hour('2026-11-27T00:00:00Z'), count: 7 },
      // Older than 30 days, of another operation, of another account: none is reported.
      { accountId: 'acc_1', keyId: 'key_c', operation: 'getPet', door: 'rest', outcome: 'served', hour: hour('2026-10-01T00:00:00Z'), count: 1 },
      { accountId: 'acc_1', keyId: 'key_c', operation: 'listPets', door: 'rest', outcome: 'served', hour: hour('2026-11-27T00:00:00Z'), count: 1 },
      { accountId: 'acc_2', keyId: 'key_x', operation: 'getPet', door: 'rest', outcome: 'served', hour: hour('2026-11-27T00:00:00Z'), count: 1 },
    ]);
    const report = await service.getDeprecationReport(person);
    expect(report.from).toEqual(new Date('2026-10-29T00:00:00Z'));
    expect(report.operations).toEqual([
      {
        operation: 'getPet',
        sunset: new Date('2030-12-05T00:00:00Z'),
        sunsetDay: '2030-12-05',
        daysLeft: 1469,
        replacement: {
          operation: 'listPets',
          description: 'list pets with a status filter',
          calls: { rest: 'GET /v1/pets?status=…', graphql: 'pets', trpc: 'pets.list' },
        },
        calls: 11,
        callers: [
          { keyId: 'key_b', door: 'graphql', calls: 7 },
          { keyId: 'key_a', door: 'rest', calls: 3 },
          { keyId: 'key_a', door: 'trpc', calls: 1 },
        ],
      },
    ]);
    expect(report.keys).toEqual([
      { keyId: 'key_b', calls: 7 },
      { keyId: 'key_a', calls: 4 },
    ]);
  });
});
