import { operatorOn } from '@petstore/domain';
import { uniqueName } from '@petstore/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../testing/start-gateway.js';
import { doorAt } from '../testing/doors/doors.js';

const mongodbUri = inject('mongodbUri');
const CLIENT_LIMIT = 4;

/**
 * A browser key's per-visitor budget (PETSTORE_BROWSER_KEY_CLIENT_LIMIT) is kept where the key's own
 * is, in MongoDB: a visitor whose requests a load balancer spreads over instances gets no more.
 */
describe.skipIf(!mongodbUri)("a browser key's per-visitor budget across two instances on one database", () => {
  const env = {
    MONGODB_DB: uniqueName('petstore_browser_keys'),
    PETSTORE_BROWSER_KEY_CLIENT_LIMIT: String(CLIENT_LIMIT),
    PETSTORE_RATE_WINDOW_SECONDS: '86400',
    PETSTORE_TRUST_PROXY: '1',
    MONGODB_TIMEOUT_MS: '15000',
  };
  let instances: TestGateway[] = [];

  beforeAll(async () => {
    instances = [await startTestGateway({ mongodbUri, env }), await startTestGateway({ mongodbUri, env })];
  }, 60_000);
  afterAll(async () => {
    for (const instance of instances) await instance.close();
  });

  it('refuses a visitor past the limit whichever instance it reaches, and serves another visitor', async () => {
    const [first, second] = instances as [TestGateway, TestGateway];
    const account = await first.runtime.accounts.createAccount('shop');
    const credential = {
      key: (await first.runtime.keys.createKey(operatorOn(account.id), { kind: 'browser', origins: ['https://shop.example'] })).key,
    };
    const visit = (instance: TestGateway, address: string) =>
      doorAt(instance.baseUrl, 'rest').list(credential, { limit: 1 }, { Origin: 'https://shop.example', 'X-Forwarded-For': address });
    const statuses = [];
    for (let call = 0; call <= CLIENT_LIMIT; call += 1) statuses.push((await visit(call % 2 === 0 ? first : second, '203.0.113.9')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect((await visit(second, '203.0.113.10')).status).toBe(200);
  });
});
