import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const PRODUCTION = { PETSTORE_ENV: 'production', PETSTORE_METRICS_PORT: '9464', MONGODB_URI: 'mongodb://db.example:27017' };
const MAIL = { PETSTORE_SMTP_URL: 'smtps://mailer:s3cret-pass@smtp.example.com:465', PETSTORE_MAIL_FROM: 'Pet Store <no-reply@example.com>' };

/** The configuration error's message, which must name the variable and never its value. */
const refusal = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    return String((error as Error).message);
  }
  throw new Error('the configuration was accepted');
};

describe('loadConfig mail and sign-up', () => {
  it('reads the SMTP URL and the sender, either an address or a name and an address', () => {
    expect(loadConfig(MAIL)).toMatchObject(MAIL);
    expect(loadConfig({ PETSTORE_SMTP_URL: 'smtp://127.0.0.1:2525', PETSTORE_MAIL_FROM: ' no-reply@example.com ' })).toMatchObject({
      PETSTORE_SMTP_URL: 'smtp://127.0.0.1:2525',
      PETSTORE_MAIL_FROM: 'no-reply@example.com',
    });
  });

  it('leaves mail off when neither is set', () => {
    const config = loadConfig({ PETSTORE_SMTP_URL: ' ', PETSTORE_MAIL_FROM: '' });
    expect(config.PETSTORE_SMTP_URL).toBeUndefined();
    expect(config.PETSTORE_MAIL_FROM).toBeUndefined();
  });

  it.each(['https://user:s3cret@smtp.example.com', 'smtp://user:s3cret@', 'smtp.example.com:587', 'mailto:ops@example.com'])(
    'refuses %j as PETSTORE_SMTP_URL, naming the variable and not the value',
    (url) => {
      const message = refusal({ PETSTORE_SMTP_URL: url, PETSTORE_MAIL_FROM: 'no-reply@example.com' });
      expect(message).toContain('PETSTORE_SMTP_URL must be an smtp:// or smtps:// URL');
      expect(message).not.toContain(url);
    },
  );

  it.each([
    'no-reply',
    'Pet Store',
    'Pet Store <no-reply>',
    '"Pet" <a@example.com>',
    'Pet\r\nBcc: x@example.com <a@example.com>',
    'a@example.com, b@example.com',
  ])('refuses %j as PETSTORE_MAIL_FROM', (from) => {
    expect(refusal({ PETSTORE_SMTP_URL: MAIL.PETSTORE_SMTP_URL, PETSTORE_MAIL_FROM: from })).toContain('PETSTORE_MAIL_FROM must be an email address');
  });

  it('needs a sender with an SMTP URL, and refuses a sender without one, never printing the URL and its password', () => {
    const message = refusal({ PETSTORE_SMTP_URL: MAIL.PETSTORE_SMTP_URL });
    expect(message).toContain('PETSTORE_MAIL_FROM is required when PETSTORE_SMTP_URL is set');
    expect(message).not.toContain('s3cret-pass');
    expect(refusal({ PETSTORE_MAIL_FROM: MAIL.PETSTORE_MAIL_FROM })).toContain('PETSTORE_MAIL_FROM is set but PETSTORE_SMTP_URL is not');
  });

  it('opens sign-up by default outside production, with or without mail', () => {
    expect(loadConfig({}).PETSTORE_SIGNUP).toBe('open');
    expect(loadConfig({ PETSTORE_ENV: 'staging' }).PETSTORE_SIGNUP).toBe('open');
    expect(loadConfig(MAIL).PETSTORE_SIGNUP).toBe('open');
  });

  it('takes sign-up by invitation only by default in production without mail, and opens it with mail', () => {
    expect(loadConfig(PRODUCTION).PETSTORE_SIGNUP).toBe('invite');
    expect(loadConfig({ ...PRODUCTION, ...MAIL }).PETSTORE_SIGNUP).toBe('open');
  });

  it.each(['open', 'invite', 'closed'] as const)('takes PETSTORE_SIGNUP=%s as given, in production or not', (policy) => {
    expect(loadConfig({ PETSTORE_SIGNUP: policy }).PETSTORE_SIGNUP).toBe(policy);
    expect(loadConfig({ ...PRODUCTION, ...MAIL, PETSTORE_SIGNUP: policy }).PETSTORE_SIGNUP).toBe(policy);
  });

  it.each(['Open', 'invites', 'none', 'true'])('refuses %j as PETSTORE_SIGNUP', (policy) => {
    expect(refusal({ PETSTORE_SIGNUP: policy })).toContain('PETSTORE_SIGNUP must be open, invite or closed');
  });
});
