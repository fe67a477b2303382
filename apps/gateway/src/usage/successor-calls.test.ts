import { operatorOn, SUCCESSOR_CALLS } from '@petstore/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';

/**
 * The deprecation report tells people what to call instead at each door (SUCCESSOR_CALLS): each of
 * those calls, made as written, must be answered and metered as the successor operation.
 */
describe('the replacement calls the deprecation report names', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startTestGateway({});
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('are each answered at their door, and counted as the operation they replace it with', async () => {
    const account = await gateway.runtime.accounts.createAccount('successor');
    const { id, key } = await gateway.runtime.keys.createKey(operatorOn(account.id));
    const auth = { Authorization: `Bearer ${key}` };
    const calls = SUCCESSOR_CALLS.listPets;
    expect(calls).toBeDefined();
    const [method, path] = (calls?.rest ?? '').replace('…', 'available').split(' ');
    const rest = await fetch(`${gateway.baseUrl}${path ?? ''}`, { method, headers: auth });
    const graphql = await fetch(`${gateway.baseUrl}/graphql`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        query: `query($status: PetStatus) { ${calls?.graphql ?? ''}(status: $status) { id } }`,
        variables: { status: 'AVAILABLE' },
      }),
    });
    const trpc = await fetch(`${gateway.baseUrl}/trpc/${calls?.trpc ?? ''}?input=${encodeURIComponent(JSON.stringify({ status: 'available' }))}`, {
      headers: auth,
    });
    expect([rest.status, graphql.status, trpc.status]).toEqual([200, 200, 200]);
    expect(await graphql.json()).not.toHaveProperty('errors');

    for (const deadline = Date.now() + 20_000; ;) {
      const usage = await gateway.runtime.usage.usageOfAccount(account.id, { granularity: 'hour', keyId: id });
      const doors = usage.rows.filter((row) => row.operation === 'listPets' && row.outcomes.served === 1).map((row) => row.door);
      if (doors.length === 3 || Date.now() > deadline) {
        expect(doors.sort()).toEqual(['graphql', 'rest', 'trpc']);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });
});
