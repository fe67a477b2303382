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

  it('writes every message whole to the output without PETSTORE_SMTP_URL outside production, and opens sign-up', async () => {
    for (const env of ['development', 'staging']) {
      const written: string[] = [];
      runtime = await createRuntime(loadConfig({ LOG_LEVEL: 'silent', PETSTORE_ENV: env }), { mailOutput: (text) => written.push(text) });
      expect(runtime.mailer?.delivery).toBe('output');
      expect(runtime.people.mailDelivery).toBe('output');
      expect(runtime.signUpPolicy).toBe('open');
      await runtime.mailer?.send({ to: 'ops@example.com', subject: 'Hello from the runtime', text: 'hello\n' });
      expect(written.join('')).toContain('To: ops@example.com\nSubject: Hello from the runtime\n\nhello\n');
      await runtime.close();
      runtime = undefined;
    }
  });

  it('has no mailer without PETSTORE_SMTP_URL in production: one-time links there are never written to an output', async () => {
    const written: string[] = [];
    const production = { LOG_LEVEL: 'silent', PETSTORE_ENV: 'production', PETSTORE_ALLOW_EMBEDDED_STORE: 'true', PETSTORE_METRICS_PORT: '0' };
    runtime = await createRuntime(loadConfig(production), { mailOutput: (text) => written.push(text) });
    expect(runtime.mailer).toBeUndefined();
    expect(runtime.people.mailDelivery).toBe('none');
    expect(runtime.signUpPolicy).toBe('invite');
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
