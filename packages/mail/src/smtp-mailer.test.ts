import { startSmtpTestServer, tokenLink, type SmtpTestServer } from '@petstore/testing/smtp-test-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpMailer, type ClosableMailer } from './smtp-mailer.js';

const LINK = 'https://petstore.example/manage/v1/verify#token=Abc-123_xyz';

describe('createSmtpMailer', () => {
  let server: SmtpTestServer | undefined;
  let mailer: ClosableMailer | undefined;
  afterEach(async () => {
    mailer?.close();
    await server?.close();
  });

  it('delivers a message over SMTP, with the user name and password of the URL, from PETSTORE_MAIL_FROM', async () => {
    server = await startSmtpTestServer({ auth: { user: 'mailer@petstore.example', password: 'p@ss:word/1' } });
    mailer = createSmtpMailer({ url: server.url, from: 'Pet Store <no-reply@petstore.example>' });
    await mailer.send({ to: 'Ada@Example.com', subject: 'Verify your address', text: `Open this link:\n${LINK}\n` });
    const received = await server.nextMessage('ada@example.com');
    expect(received).toEqual({
      to: ['ada@example.com'],
      from: 'no-reply@petstore.example',
      fromName: 'Pet Store',
      subject: 'Verify your address',
      text: `Open this link:\n${LINK}\n`,
    });
    expect(tokenLink(received.text)).toEqual({ url: LINK, token: 'Abc-123_xyz' });
  });

  it('fails as service_unavailable when the server refuses the password, saying so without the URL', async () => {
    server = await startSmtpTestServer({ auth: { user: 'mailer', password: 'right-password' } });
    const url = server.url.replace('right-password', 'wrong-password');
    mailer = createSmtpMailer({ url, from: 'no-reply@petstore.example' });
    const failure = mailer.send({ to: 'ada@example.com', subject: 'Hello', text: 'secret link' });
    await expect(failure).rejects.toMatchObject({
      code: 'service_unavailable',
      message: 'could not send mail: the SMTP server refused the user name and password of PETSTORE_SMTP_URL (EAUTH); try again later',
    });
    const message = String(((await failure.catch((error: unknown) => error)) as Error).message);
    expect(message).not.toContain('wrong-password');
    expect(server.received()).toEqual([]);
  });

  it('fails as service_unavailable with a clear message when nothing listens at the URL', async () => {
    const stopped = await startSmtpTestServer();
    await stopped.close();
    mailer = createSmtpMailer({ url: stopped.url, from: 'no-reply@petstore.example' });
    await expect(mailer.send({ to: 'ada@example.com', subject: 'Hello', text: 'a link' })).rejects.toMatchObject({
      code: 'service_unavailable',
      message: 'could not send mail: the SMTP server of PETSTORE_SMTP_URL refused the connection (ECONNREFUSED); try again later',
    });
  });

  it('keeps messages to different people apart, each taken once in the order they arrived', async () => {
    server = await startSmtpTestServer();
    mailer = createSmtpMailer({ url: server.url, from: 'no-reply@petstore.example' });
    const waiting = server.nextMessage('bob@example.com');
    await mailer.send({ to: 'ada@example.com', subject: 'first to Ada', text: 'a' });
    await mailer.send({ to: 'bob@example.com', subject: 'to Bob', text: 'b' });
    await mailer.send({ to: 'ada@example.com', subject: 'second to Ada', text: 'c' });
    expect((await waiting).subject).toBe('to Bob');
    expect((await server.nextMessage('ada@example.com')).subject).toBe('first to Ada');
    expect((await server.nextMessage('ada@example.com')).subject).toBe('second to Ada');
    await expect(server.nextMessage('ada@example.com', { timeoutMs: 200 })).rejects.toThrow('no mail to ada@example.com arrived within 200 ms');
  });
});
