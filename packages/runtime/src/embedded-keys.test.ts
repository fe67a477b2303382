import { OPERATOR, operatorOn } from '@petstore/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createRuntime, type Runtime } from './runtime.js';

describe('keys on the embedded store', () => {
  let runtime: Runtime | undefined;
  afterEach(async () => {
    await runtime?.close();
  });

  const start = async () => {
    runtime = await createRuntime(loadConfig({ LOG_LEVEL: 'silent', PETSTORE_DEV_API_KEY: 'dev-key-0123456789abcdef', PETSTORE_ACTOR: 'dev-ops' }));
    const [created] = await runtime.accounts.listAudit();
    const accountId = created?.accountId ?? '';
    return { accounts: runtime.accounts, keyService: runtime.keys, accountId };
  };

  it('registers PETSTORE_DEV_API_KEY with both scopes, no expiry and the default limit, on the audit trail', async () => {
    const { accounts, keyService, accountId } = await start();
    expect(await keyService.listKeys(operatorOn(accountId))).toEqual([
      expect.objectContaining({ prefix: 'dev-key-01', scopes: ['pets:read', 'pets:write'], expiresAt: null, rateLimit: null, revokedAt: null }),
    ]);
    expect((await accounts.listAudit()).map(({ actor, action }) => `${actor} ${action}`)).toEqual(['dev-ops key.created', 'dev-ops account.created']);
  });

  it('keeps scopes, expiry, limits, rolls and their audit records like the database does', async () => {
    const { accounts, keyService, accountId } = await start();
    const expiresAt = new Date(Date.now() + 86_400_000);
    const issued = await keyService.createKey(operatorOn(accountId), { scopes: ['pets:read'], expiresAt: expiresAt.toISOString(), rateLimit: 10 });
    await keyService.updateKey(OPERATOR, issued.id, { rateLimit: null });
    const { key, replaced } = await keyService.rollKey(OPERATOR, issued.id, { overlapSeconds: 0 });
    expect(key).toMatchObject({ scopes: ['pets:read'], expiresAt, rateLimit: null });
    expect(replaced).toMatchObject({ replacedBy: key.id });
    expect((await accounts.listAudit({ accountId })).slice(0, 3).map((record) => record.action)).toEqual([
      'key.rolled',
      'key.updated',
      'key.created',
    ]);
  });

  it('issues live keys when PETSTORE_ENV is production and test keys otherwise', async () => {
    const keyFrom = async (env: Record<string, string>) => {
      runtime = await createRuntime(loadConfig({ LOG_LEVEL: 'silent', ...env }));
      const account = await runtime.accounts.createAccount('environments');
      const { key } = await runtime.keys.createKey(operatorOn(account.id));
      await runtime.close();
      runtime = undefined;
      return key.slice(0, 9);
    };
    const production = {
      PETSTORE_ENV: 'production',
      PETSTORE_ALLOW_EMBEDDED_STORE: 'true',
      PETSTORE_METRICS_TOKEN: 'a-metrics-token-long-enough-0123456789',
    };
    expect(await keyFrom(production)).toBe('psk_live_');
    expect([await keyFrom({ PETSTORE_ENV: 'staging' }), await keyFrom({})]).toEqual(['psk_test_', 'psk_test_']);
  });
});
