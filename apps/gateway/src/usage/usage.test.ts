import { operatorOn } from '@petstore/domain';
import type {} from '@petstore/testdb/global-setup';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';
import { doorAt } from '../testing/doors/doors.js';
import { signUpAndIn, type SignedInPerson } from './signed-in.js';

const STORES = [
  { name: 'embedded store', uri: null },
  { name: 'MongoDB', uri: inject('mongodbUri') },
] as const;

interface Row {
  keyId: string;
  operation: string;
  door: string;
  calls: number;
  outcomes: Record<string, number>;
}

/** Each row as `key operation door outcome=count…`, for comparing without the hour it fell in. */
const rowLines = (rows: Row[], keyNames: Record<string, string>) =>
  rows
    .map(({ keyId, operation, door, outcomes }) => {
      const counted = Object.entries(outcomes).filter(([, count]) => count > 0);
      return `${keyNames[keyId] ?? keyId} ${operation} ${door} ${counted.map(([outcome, count]) => `${outcome}=${count}`).join(' ')}`;
    })
    .sort();

describe.each(STORES)('usage and the deprecation report over HTTP, on the $name', ({ uri }) => {
  let gateway: TestGateway;
  let owner: SignedInPerson;
  let stranger: SignedInPerson;
  const keys: Record<string, string> = {};
  const names: Record<string, string> = {};

  beforeAll(async () => {
    gateway = await startTestGateway({ mongodbUri: uri });
    owner = await signUpAndIn(gateway.baseUrl);
    stranger = await signUpAndIn(gateway.baseUrl);
    const reader = await gateway.runtime.keys.createKey(operatorOn(owner.accountId), { name: 'reader' });
    const writer = await gateway.runtime.keys.createKey(operatorOn(owner.accountId), { name: 'writer', scopes: ['pets:write'] });
    Object.assign(keys, { reader: reader.key, writer: writer.key });
    Object.assign(names, { [reader.id]: 'reader', [writer.id]: 'writer' });

    const created = await doorAt(gateway.baseUrl, 'rest').create({ key: keys['reader'] ?? '' }, { name: 'Metered', categoryId: 1 });
    expect(created.status).toBe(201);
    const petId = created.ids[0] ?? 0;
    for (const door of ['rest', 'rest', 'graphql', 'trpc'] as const) {
      expect((await doorAt(gateway.baseUrl, door).page({ key: keys['reader'] ?? '' })).status).toBe(200);
    }
    for (const door of ['rest', 'graphql', 'trpc'] as const) {
      expect((await doorAt(gateway.baseUrl, door).get({ key: keys['reader'] ?? '' }, petId)).status).toBe(200);
    }
    expect((await doorAt(gateway.baseUrl, 'rest').get({ key: keys['reader'] ?? '' }, 999_999)).status).toBe(404);
    expect((await doorAt(gateway.baseUrl, 'rest').page({ key: keys['writer'] ?? '' })).status).toBe(403);
    // A root field the schema lacks: refused by validation, but charged one unit, so counted too.
    const unknownField = await fetch(`${gateway.baseUrl}/graphql`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${keys['reader'] ?? ''}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ kittens { id } }' }),
    });
    expect(unknownField.status).toBe(400);
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
  });

  /** The owner's usage once the instance's flush (every 10 s) has written every call made above. */
  const flushedUsage = async (query = ''): Promise<{ rows: Row[]; keys: unknown[] }> => {
    for (const deadline = Date.now() + 20_000; ;) {
      const answer = await owner.get(`/usage?granularity=hour${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const body = answer.body as { rows: Row[]; keys: unknown[] };
      const calls = body.rows.reduce((sum, row) => sum + row.calls, 0);
      if (calls >= 10 || Date.now() > deadline) return body;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  it('answers getUsage with each key’s calls by catalogue operation, door and outcome, within one flush interval', async () => {
    const usage = await flushedUsage();
    expect(rowLines(usage.rows, names)).toEqual([
      'reader createPet rest served=1',
      'reader getPet graphql served=1',
      'reader getPet rest served=1 client_error=1',
      'reader getPet trpc served=1',
      'reader listPets graphql served=1',
      'reader listPets rest served=2',
      'reader listPets trpc served=1',
      'reader unknown graphql client_error=1',
      'writer listPets rest forbidden=1',
    ]);
    expect(usage.keys).toEqual(
      expect.arrayContaining([expect.objectContaining({ calls: 10, deprecatedCalls: 4 }), expect.objectContaining({ calls: 1, deprecatedCalls: 0 })]),
    );
  });

  it('narrows by door and operation, and by day', async () => {
    await flushedUsage();
    expect(rowLines((await owner.get('/usage?granularity=hour&door=graphql')).body['rows'] as Row[], names)).toEqual([
      'reader getPet graphql served=1',
      'reader listPets graphql served=1',
      'reader unknown graphql client_error=1',
    ]);
    expect(rowLines((await owner.get('/usage?granularity=hour&operation=unknown')).body['rows'] as Row[], names)).toEqual([
      'reader unknown graphql client_error=1',
    ]);
    const days = await owner.get('/usage?operation=listPets');
    expect(days.body).toMatchObject({ granularity: 'day' });
    expect(rowLines(days.body['rows'] as Row[], names)).toEqual([
      'reader listPets graphql served=1',
      'reader listPets rest served=2',
      'reader listPets trpc served=1',
      'writer listPets rest forbidden=1',
    ]);
  });

  it('shows another account nothing of these keys, even asked for one by id', async () => {
    await flushedUsage();
    const readerId = Object.keys(names).find((id) => names[id] === 'reader') ?? '';
    expect((await stranger.get('/usage')).body).toMatchObject({ rows: [], keys: [] });
    expect((await stranger.get(`/usage?keyId=${readerId}`)).body).toMatchObject({ rows: [], keys: [] });
    expect((await stranger.get('/deprecation-report')).body).toMatchObject({
      keys: [],
      operations: [{ operation: 'getPet', calls: 0, callers: [] }],
    });
  });

  it('reports the deprecated read’s calls of the last 30 days by key and door, its sunset, and what to call instead', async () => {
    await flushedUsage();
    const report = await owner.get('/deprecation-report');
    expect(report.status).toBe(200);
    const readerId = Object.keys(names).find((id) => names[id] === 'reader');
    expect(report.body['keys']).toEqual([{ keyId: readerId, calls: 4 }]);
    expect(report.body['operations']).toEqual([
      {
        operation: 'getPet',
        sunset: '2030-12-05T00:00:00.000Z',
        sunsetDay: '2030-12-05',
        daysLeft: expect.any(Number) as number,
        replacement: {
          operation: 'listPets',
          description: 'list pets with a status filter',
          calls: { rest: 'GET /v1/pets?status=…', graphql: 'pets', trpc: 'pets.list' },
        },
        calls: 4,
        callers: [
          { keyId: readerId, door: 'rest', calls: 2 },
          { keyId: readerId, door: 'graphql', calls: 1 },
          { keyId: readerId, door: 'trpc', calls: 1 },
        ],
      },
    ]);
  });

  it('answers a management key with keys:read as it answers a person of its account, and refuses a key without it', async () => {
    await flushedUsage();
    const manager = await gateway.runtime.keys.createKey(operatorOn(owner.accountId), { name: 'manager', scopes: ['keys:read'] });
    const asKey = async (key: string, path: string) => {
      const answer = await fetch(`${gateway.baseUrl}/manage/v1${path}`, { headers: { Authorization: `Bearer ${key}` } });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    };
    const byKey = await asKey(manager.key, '/usage?granularity=hour&operation=getPet');
    expect(byKey.status).toBe(200);
    expect((await owner.get('/usage?granularity=hour&operation=getPet')).body).toEqual(byKey.body);
    expect((await asKey(manager.key, '/deprecation-report')).body).toEqual((await owner.get('/deprecation-report')).body);
    expect(await asKey(keys['reader'] ?? '', '/usage')).toMatchObject({ status: 403, body: { code: 'forbidden', status: 403 } });
  });

  it('refuses a filter it does not know, a bad value, and a caller without a session, with the JSON error', async () => {
    expect(await owner.get('/usage?granularity=minute')).toEqual({
      status: 400,
      body: { code: 'invalid_request', message: 'granularity: must be hour or day', status: 400 },
    });
    expect((await owner.get('/usage?door=rest&door=trpc')).body).toMatchObject({ message: 'door: give it at most once' });
    expect((await owner.get('/deprecation-report?since=2026-01-01')).status).toBe(400);
    const anonymous = await fetch(`${gateway.baseUrl}/manage/v1/usage`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'unauthorized', status: 401 });
  });
});
