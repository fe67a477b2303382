import type { Mailer } from '@petstore/domain';
import { createConsoleMailer, createSmtpMailer, type ClosableMailer } from '@petstore/mail';
import type { Config } from './config.js';

export interface ChosenMailer {
  /** What sends the service's messages; undefined in production without SMTP (links come from the operator). */
  mailer: Mailer | undefined;
  /** What must let go of its connections when the service shuts down (the SMTP mailer). */
  smtp: ClosableMailer | undefined;
}

/**
 * The mail backend, chosen once at start-up (docs/email.md): SMTP when PETSTORE_SMTP_URL is set;
 * outside production without it, every message written whole to `output` (the process's standard
 * output), so that every link flow works on `npm start`; in production without it, none.
 */
export function chooseMailer(config: Config, output: ((text: string) => void) | null): ChosenMailer {
  if (config.PETSTORE_SMTP_URL !== undefined && config.PETSTORE_MAIL_FROM !== undefined) {
    const smtp = createSmtpMailer({ url: config.PETSTORE_SMTP_URL, from: config.PETSTORE_MAIL_FROM });
    return { mailer: smtp, smtp };
  }
  const written = config.PETSTORE_ENV !== 'production' && output !== null;
  return { mailer: written ? createConsoleMailer(output) : undefined, smtp: undefined };
}

/** Standard output, where `npm start` shows what it prints. */
export const standardOutput = (text: string): void => void process.stdout.write(text);
