import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the server received it: the envelope's addresses and the parsed headers and text. */
export interface ReceivedMail {
  /** The SMTP envelope's recipients (RCPT TO), lower-cased. */
  to: string[];
  /** The From header's address. */
  from: string;
  /** The From header's display name; empty when it has none. */
  fromName: string;
  subject: string;
  text: string;
}

export interface SmtpTestServer {
  /** `smtp://user:password@127.0.0.1:<port>`: what PETSTORE_SMTP_URL is set to. */
  url: string;
  /** The next message to `to` not taken yet, waiting for it up to `timeoutMs` (5 s by default). */
  nextMessage(to: string, options?: { timeoutMs?: number }): Promise<ReceivedMail>;
  /** Every message received so far, taken or not, in order. */
  received(): ReceivedMail[];
  close(): Promise<void>;
}

export interface SmtpTestServerOptions {
  /** The user name and password the server asks for; without them it takes mail from anyone. */
  auth?: { user: string; password: string };
}

/**
 * A real SMTP server over TCP on an ephemeral loopback port (smtp-server, messages parsed by
 * mailparser), for tests that send mail and follow the links in it. Plain text, no STARTTLS:
 * it is only ever reached over loopback, and a certificate the client trusts is not the test.
 */
export async function startSmtpTestServer(options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiting = new Set<() => void>();
  const { auth } = options;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS', ...(auth ? [] : ['AUTH'])],
    allowInsecureAuth: true,
    authOptional: !auth,
    onAuth(credentials, _session, callback) {
      if (auth && credentials.username === auth.user && credentials.password === auth.password) callback(null, { user: auth.user });
      else callback(new Error('invalid user name or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const from = addresses(parsed.from)[0];
          received.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            from: from?.address ?? '',
            fromName: from?.name ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          for (const wake of waiting) wake();
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  const { port } = await new Promise<AddressInfo>((resolve, reject) => {
    server.once('error', reject);
    const listening = server.listen(0, '127.0.0.1', () => resolve(listening.address() as AddressInfo));
  });
  const credentials = auth ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.password)}@` : '';

  const take = (to: string): ReceivedMail | undefined => {
    const message = received.find((each) => !taken.has(each) && each.to.includes(to.toLowerCase()));
    if (message) taken.add(message);
    return message;
  };

  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    received: () => [...received],
    nextMessage: (to, { timeoutMs = 5000 } = {}) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const message = take(to);
          if (!message) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(message);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no mail to ${to} arrived within ${timeoutMs} ms (received: ${received.length})`));
        }, timeoutMs);
        waiting.add(check);
        check();
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function addresses(header: AddressObject | AddressObject[] | undefined): Array<{ address?: string | undefined; name: string }> {
  if (header === undefined) return [];
  return (Array.isArray(header) ? header : [header]).flatMap((object) => object.value);
}

/** The one-time link in a message's text (`…#token=…`), and its token: what a person would click. */
export function tokenLink(text: string): { url: string; token: string } {
  const match = /(\S+#token=([A-Za-z0-9_-]+))/.exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`no #token= link in the message: ${JSON.stringify(text)}`);
  return { url: match[1], token: match[2] };
}
