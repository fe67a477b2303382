import { operatorOn } from '@petstore/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createRuntime, type Runtime } from './runtime.js';

describe('Runtime.keyManagement', () => {
  let runtime: Runtime | undefined;
  afterEach(async () => {
    await runtime?.close();
  });

  const start = async (env: Record<string, string> = {}) => {
    runtime = await createRuntime(loadConfig({ LOG_LEVEL: 'silent', ...env }));
    const account = await runtime.accounts.createAccount('Acme');
    const manager = await runtime.keys.createKey(operatorOn(account.id), { scopes: ['pets:read', 'keys:manage'] });
    const caller = { kind: 'key' as const, keyId: manager.id, accountId: account.id, scopes: manager.scopes };
    return { runtime, account, caller };
  };

  it('works on the same keys and audit trail as the operator’s account service', async () => {
    const { runtime, account, caller } = await start();
    const created = await runtime.keyManagement.createKey(caller, { name: 'ci', scopes: ['pets:read'] }, { clientAddress: '192.0.2.1' });
    expect((await runtime.keys.listKeys(operatorOn(account.id))).map((key) => key.id)).toContain(created.id);
    const [record] = await runtime.accounts.listAudit({ accountId: account.id });
    expect(record).toMatchObject({ action: 'key.created', keyId: created.id, actor: `key:${caller.keyId}`, clientAddress: '192.0.2.1' });
  });

  it('takes the account’s rate-limit ceiling from PETSTORE_RATE_LIMIT, none when it is 0', async () => {
    const limited = await start({ PETSTORE_RATE_LIMIT: '500' });
    expect((await limited.runtime.keyManagement.getAccount(limited.caller)).limits).toEqual({ maxKeys: 100, maxRateLimit: 500 });
    await limited.runtime.close();
    const unlimited = await start({ PETSTORE_RATE_LIMIT: '0' });
    expect((await unlimited.runtime.keyManagement.getAccount(unlimited.caller)).limits).toEqual({ maxKeys: 100, maxRateLimit: null });
  });
});
