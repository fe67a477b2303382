import { systemClock } from '@petstore/domain';
import { startSmtpTestServer, type SmtpTestServer } from '@petstore/testing/smtp-test-server';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createRuntime, type Runtime } from './runtime.js';
import { memoryStores } from './stores.js';

const client = { clientAddress: '203.0.113.7', userAgent: 'vitest' };
const alice = { email: 'alice@example.com', password: 'correct horse battery staple' };

describe("the runtime's people service", () => {
  let runtime: Runtime | undefined;
  let smtp: SmtpTestServer | undefined;
  afterEach(async () => {
    await runtime?.close();
    await smtp?.close();
  });

  /** The token of a link in a received message. */
  const tokenIn = (text: string): string => /#token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

  it('signs a person up and in on the embedded store, with argon2id hashes and the shipped policy', async () => {
    const stores = memoryStores(systemClock);
    // No mail: its links come from resetLinkFor, as the operator's would.
    runtime = await createRuntime(loadConfig({ LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'https://petstore.test' }), { stores, mailOutput: null });
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

  it('with mail configured, verifies addresses and resets passwords by the links the SMTP server received', async () => {
    smtp = await startSmtpTestServer();
    const config = {
      LOG_LEVEL: 'silent',
      PUBLIC_BASE_URL: 'https://petstore.test',
      PETSTORE_SMTP_URL: smtp.url,
      PETSTORE_MAIL_FROM: 'no-reply@petstore.test',
    };
    runtime = await createRuntime(loadConfig(config));
    const { people } = runtime;
    expect(await people.signUp({ ...alice, accountName: 'Acme' }, client)).toStrictEqual({ email: alice.email, verificationRequired: true });
    expect((await people.signIn(alice, client)).emailVerified).toBe(false);
    const verification = await smtp.nextMessage(alice.email);
    expect(verification.text).toContain('https://petstore.test/portal/verify-email#token=');
    await people.verifyEmail({ token: tokenIn(verification.text) }, client);
    const signedIn = await people.signIn(alice, client);
    expect(signedIn.emailVerified).toBe(true);

    await people.requestPasswordReset({ email: 'nobody@example.com' }, client);
    await people.requestPasswordReset({ email: alice.email }, client);
    const reset = await smtp.nextMessage(alice.email);
    await people.resetPassword({ token: tokenIn(reset.text), password: 'a brand new passphrase' }, client);
    await expect(people.authenticateSession(signedIn.token)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(people.signIn({ ...alice, password: 'a brand new passphrase' }, client)).resolves.toBeDefined();
    expect(smtp.received().map((message) => message.to)).toStrictEqual([[alice.email], [alice.email]]);
  });
});
