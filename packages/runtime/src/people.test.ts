import { systemClock } from '@petstore/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createRuntime, type Runtime } from './runtime.js';
import { memoryStores } from './stores.js';

const client = { clientAddress: '203.0.113.7', userAgent: 'vitest' };
const alice = { email: 'alice@example.com', password: 'correct horse battery staple' };

describe("the runtime's people service", () => {
  let runtime: Runtime | undefined;
  afterEach(async () => {
    await runtime?.close();
  });

  it('signs a person up and in on the embedded store, with argon2id hashes and the shipped policy', async () => {
    const stores = memoryStores(systemClock);
    runtime = await createRuntime(loadConfig({ LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'https://petstore.test' }), { stores });
    const { people } = runtime;
    await expect(people.signUp({ ...alice, password: 'password1234', accountName: 'Acme' }, client)).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(await people.signUp({ ...alice, accountName: 'Acme' }, client)).toStrictEqual({ email: alice.email, verificationRequired: false });
    expect((await stores.people.findPersonByEmail(alice.email))?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const signedIn = await people.signIn(alice, client);
    expect(await people.authenticateSession(signedIn.token)).toMatchObject({ person: { email: alice.email }, account: { name: 'Acme' } });
    const [listed] = await people.listPeople();
    expect(listed?.email).toBe(alice.email);
    const { link } = await people.resetLinkFor(alice.email);
    expect(link).toMatch(/^https:\/\/petstore\.test\/portal\/reset-password#token=/);
  });

  it('admits sign-up only by invitation in production when no mail is configured', async () => {
    runtime = await createRuntime(
      loadConfig({
        LOG_LEVEL: 'silent',
        PETSTORE_ENV: 'production',
        PETSTORE_ALLOW_EMBEDDED_STORE: 'true',
        PETSTORE_METRICS_TOKEN: 'metrics-token-0123456789',
      }),
    );
    await expect(runtime.people.signUp({ ...alice, accountName: 'Acme' }, client)).rejects.toMatchObject({ code: 'forbidden' });
    const { link } = await runtime.people.inviteAsOperator(null, { email: alice.email });
    const token = link.link.slice(link.link.indexOf('#token=') + 7);
    const joined = await runtime.people.acceptInvitation({ token, ...alice, accountName: 'Acme' }, client);
    expect(joined).toMatchObject({ membership: { role: 'owner' }, account: { name: 'Acme' } });
  });
});
