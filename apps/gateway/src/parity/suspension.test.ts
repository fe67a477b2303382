import { operatorOn, SUSPENDED_ACCOUNT } from '@petstore/domain';
import { uniqueName } from '@petstore/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';
import { doorAt, doorsAt, DOOR_NAMES, type Door } from '../testing/doors/doors.js';
import { eachDoor, PARITY_STORES, sameForEveryDoor } from './testing/every-door.js';

/**
 * An account the operator suspends (`petstore accounts suspend`): every key of it is refused with
 * 401 at every door, saying the account is suspended, until it is resumed; on both stores, and
 * across instances on one database within the key cache's lifetime.
 */
const seen = async (doors: Door[], key: string) =>
  eachDoor(doors, async (door) => {
    const answer = await door.list({ key }, { limit: 1 });
    return { status: answer.status, kind: answer.ok ? 'ok' : answer.kind, message: answer.ok ? undefined : answer.message };
  });
const SERVED = { status: 200, kind: 'ok', message: undefined };
const SUSPENDED = { status: 401, kind: 'unauthorized', message: SUSPENDED_ACCOUNT };

for (const store of PARITY_STORES) {
  describe.skipIf(store.name === 'MongoDB' && !store.uri)(`a suspended account at REST, GraphQL and tRPC on the ${store.name}`, () => {
    let gw: TestGateway;
    beforeAll(async () => {
      gw = await startTestGateway({ mongodbUri: store.uri });
    });
    afterAll(async () => {
      await gw.close();
    });

    it('refuses every key of a suspended account with 401 saying so at every door, and serves them again once resumed', async () => {
      const { accounts, keys: keyService } = gw.runtime;
      const account = await accounts.createAccount('suspended parity');
      const keys = [
        await keyService.createKey(operatorOn(account.id)),
        await keyService.createKey(operatorOn(account.id), { scopes: ['pets:read'] }),
      ];
      const other = await keyService.createKey(operatorOn((await accounts.createAccount('bystander')).id));
      const doors = doorsAt(gw.baseUrl);
      for (const { key } of keys) expect(await seen(doors, key)).toEqual(sameForEveryDoor(SERVED));
      await accounts.suspendAccount(account.id);
      for (const { key } of keys) expect(await seen(doors, key)).toEqual(sameForEveryDoor(SUSPENDED));
      expect(await seen(doors, other.key)).toEqual(sameForEveryDoor(SERVED));
      await accounts.resumeAccount(account.id);
      for (const { key } of keys) expect(await seen(doors, key)).toEqual(sameForEveryDoor(SERVED));
    });
  });
}

const mongodbUri = inject('mongodbUri');
const KEY_CACHE_SECONDS = 2;

describe.skipIf(!mongodbUri)('a suspension across two instances on one database', () => {
  const env = { MONGODB_DB: uniqueName('petstore_suspend'), PETSTORE_KEY_CACHE_SECONDS: String(KEY_CACHE_SECONDS) };
  let first: TestGateway;
  let second: TestGateway;
  beforeAll(async () => {
    first = await startTestGateway({ mongodbUri: mongodbUri ?? null, env });
    second = await startTestGateway({ mongodbUri: mongodbUri ?? null, env });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  const statusAt = async (gateway: TestGateway, door: number, key: string) =>
    (await doorAt(gateway.baseUrl, DOOR_NAMES[door % DOOR_NAMES.length] ?? 'rest').page({ key })).status;

  it('is seen at once by the instance that made it, and within the key-cache lifetime by the other; so is the resumption', async () => {
    const account = await first.runtime.accounts.createAccount('suspended across instances');
    const { key } = await first.runtime.keys.createKey(operatorOn(account.id));
    // Both instances now remember the key and its account.
    for (const gateway of [first, second]) for (const door of DOOR_NAMES.keys()) expect(await statusAt(gateway, door, key)).toBe(200);
    await first.runtime.accounts.suspendAccount(account.id);
    for (const door of DOOR_NAMES.keys()) expect(await statusAt(first, door, key)).toBe(401);
    const within = { timeout: (KEY_CACHE_SECONDS + 3) * 1000, interval: 250 };
    for (const door of DOOR_NAMES.keys()) await expect.poll(() => statusAt(second, door, key), within).toBe(401);
    await first.runtime.accounts.resumeAccount(account.id);
    for (const door of DOOR_NAMES.keys()) expect(await statusAt(first, door, key)).toBe(200);
    for (const door of DOOR_NAMES.keys()) await expect.poll(() => statusAt(second, door, key), within).toBe(200);
  });
});
