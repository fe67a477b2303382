import type { MailMessage, Mailer } from '@petstore/domain';

/** Wide enough to stand out among log lines, narrow enough for an 80-column terminal. */
const WIDTH = 72;

/** A frame line: `── title ───…`, padded to WIDTH. */
function rule(title: string): string {
  const start = `── ${title} `;
  return start + '─'.repeat(Math.max(3, WIDTH - start.length));
}

/**
 * Line breaks as a terminal shows them, and no other control character (Unicode's Cc, but line
 * feeds and tabs): a lone carriage return or an escape sequence could hide or rewrite what the
 * output shows of a message.
 */
function printable(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/[^\P{Cc}\n\t]/gu, '');
}

/**
 * The development mailer, as web frameworks' console mail backends are: with no SMTP server
 * configured outside production, each message is written whole to the service's output (one
 * write, so no log line lands inside it), where the person who started the service reads it and
 * follows its link. Never used in production: there, an output holding one-time links would hand
 * them to whoever reads the logs.
 */
export function createConsoleMailer(write: (text: string) => void): Mailer {
  return {
    delivery: 'output',
    async send(message: MailMessage): Promise<void> {
      const body = printable(message.text).replace(/\n*$/, '\n');
      write(
        `${rule('mail not sent: no SMTP server (development); here it is')}\n` +
          `To: ${printable(message.to)}\nSubject: ${printable(message.subject)}\n\n${body}${rule('end of mail')}\n`,
      );
    },
  };
}
