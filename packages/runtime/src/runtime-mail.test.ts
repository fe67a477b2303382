import { startSmtpTestServer, type SmtpTestServer } from '@petstore/testing/smtp-test-server';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createRuntime, type Runtime } from './runtime.js';

describe('the runtime and mail', () => {
  let runtime: Runtime | undefined;
  let server: SmtpTestServer | undefined;
  afterEach(async () => {
    await runtime?.close();
    await server?.close();
  });

  it('has no mailer without PETSTORE_SMTP_URL, and opens sign-up outside production', async () => {
    runtime = await createRuntime(loadConfig({ LOG_LEVEL: 'silent' }));
    expect(runtime.mailer).toBeUndefined();
    expect(runtime.signUpPolicy).toBe('open');
  });

  it('sends through the SMTP server of PETSTORE_SMTP_URL from PETSTORE_MAIL_FROM, with the sign-up policy asked for', async () => {
    server = await startSmtpTestServer({ auth: { user: 'petstore', password: 'smtp-password' } });
    runtime = await createRuntime(
      loadConfig({ LOG_LEVEL: 'silent', PETSTORE_SMTP_URL: server.url, PETSTORE_MAIL_FROM: 'no-reply@petstore.example', PETSTORE_SIGNUP: 'invite' }),
    );
    expect(runtime.signUpPolicy).toBe('invite');
    await runtime.mailer?.send({ to: 'ops@example.com', subject: 'Hello from the runtime', text: 'hello' });
    expect(await server.nextMessage('ops@example.com')).toMatchObject({
      from: 'no-reply@petstore.example',
      subject: 'Hello from the runtime',
      text: 'hello\n',
    });
  });
});
