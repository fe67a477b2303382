import { DomainError, type MailMessage, type Mailer } from '@petstore/domain';
import type { Transporter } from 'nodemailer';
import { whySendFailed } from './send-failure.js';

export interface SmtpMailerOptions {
  /** PETSTORE_SMTP_URL: smtp:// (STARTTLS when the server offers it) or smtps://, with any user and password in it. */
  url: string;
  /** PETSTORE_MAIL_FROM: the sender every message names, `no-reply@example.com` or `Pet Store <no-reply@example.com>`. */
  from: string;
  /** How long each wait on the server (connecting, its greeting, each reply) may take. */
  timeoutMs?: number;
}

/** Long enough for a distant relay, short enough that a person asking for a link is answered while they wait. */
const DEFAULT_TIMEOUT_MS = 10_000;

/** A Mailer that can also let go of its connections, when the service shuts down. */
export interface ClosableMailer extends Mailer {
  close(): void;
}

/**
 * Sends mail with nodemailer over SMTP. Nothing is logged (nodemailer's own logger stays off):
 * the messages carry one-time links, and the URL carries the SMTP password. A failure is a
 * `service_unavailable` DomainError saying what went wrong, without the server's reply text.
 */
export function createSmtpMailer(options: SmtpMailerOptions): ClosableMailer {
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // nodemailer is loaded, and its transport made, for the first message: a process that mails
  // nothing (the command line, an instance between sign-ups) does not pay for loading it.
  let transport: Promise<Transporter> | undefined;
  const ready = (): Promise<Transporter> =>
    (transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({
        url: options.url,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
        logger: false,
        debug: false,
      }),
    ));
  return {
    delivery: 'mail',
    async send(message: MailMessage): Promise<void> {
      try {
        await (await ready()).sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text });
      } catch (error) {
        throw new DomainError('service_unavailable', `could not send mail: ${whySendFailed(error)}; try again later`);
      }
    },
    close: () => {
      void transport?.then((made) => made.close());
    },
  };
}
