import type { SignUpPolicy } from '@petstore/domain';
import { z } from 'zod';
import { optionalText } from './env-text.js';

/** Who may sign up (docs/email.md): anyone, only through an invitation, or no one. */
const SIGN_UP_POLICIES = ['open', 'invite', 'closed'] as const satisfies readonly SignUpPolicy[];

const SMTP_URL_ERROR = 'must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465';
const MAIL_FROM_ERROR = 'must be an email address, alone or with a name: no-reply@example.com or Pet Store <no-reply@example.com>';

/** `address`, or `Name <address>` (a name without quotes, angle brackets or line breaks: nothing that could forge a header). */
const NAMED_ADDRESS = /^([^"<>\r\n]*)<([^<>\s]+)>$/;

function isMailFrom(text: string): boolean {
  const address = NAMED_ADDRESS.exec(text)?.[2] ?? text;
  return z.email().safeParse(address).success;
}

/** The mail variables, beside the others in ConfigSchema; how they depend on each other is checked by `checkMail`. */
export const MAIL_VARIABLES = {
  /** The SMTP server that mails links (verification, invitations, resets); unset, links come from the operator's CLI. */
  PETSTORE_SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, hostname: z.regexes.hostname, error: SMTP_URL_ERROR }).optional()),
  /** The sender of every message; required with PETSTORE_SMTP_URL. */
  PETSTORE_MAIL_FROM: optionalText.pipe(z.string().refine(isMailFrom, { error: MAIL_FROM_ERROR }).optional()),
  /** Unset: `open` outside production; in production `open` with email configured, `invite` without (see signUpPolicy). */
  PETSTORE_SIGNUP: optionalText.pipe(z.enum(SIGN_UP_POLICIES, { error: 'must be open, invite or closed' }).optional()),
};

interface MailSettings {
  PETSTORE_ENV: string;
  PETSTORE_SMTP_URL?: string | undefined;
  PETSTORE_MAIL_FROM?: string | undefined;
  PETSTORE_SIGNUP?: SignUpPolicy | undefined;
}

/** The problems of the mail variables taken together, each as the variable and what is wrong. */
export function checkMail(config: MailSettings): Array<{ variable: string; message: string }> {
  if (config.PETSTORE_SMTP_URL !== undefined && config.PETSTORE_MAIL_FROM === undefined) {
    return [{ variable: 'PETSTORE_MAIL_FROM', message: 'is required when PETSTORE_SMTP_URL is set: every message needs a sender' }];
  }
  if (config.PETSTORE_SMTP_URL === undefined && config.PETSTORE_MAIL_FROM !== undefined) {
    return [{ variable: 'PETSTORE_MAIL_FROM', message: 'is set but PETSTORE_SMTP_URL is not: no mail would be sent' }];
  }
  return [];
}

/**
 * Open sign-up outside production. In production, anyone may sign up only where the address they
 * give is verified by mail; without mail, only those an owner or the operator invites.
 */
export function signUpPolicy(config: MailSettings): SignUpPolicy {
  if (config.PETSTORE_SIGNUP !== undefined) return config.PETSTORE_SIGNUP;
  if (config.PETSTORE_ENV !== 'production') return 'open';
  return config.PETSTORE_SMTP_URL === undefined ? 'invite' : 'open';
}
