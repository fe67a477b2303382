/** What nodemailer sets on the errors it hands back (its documented NodemailerError fields). */
interface SendError {
  code?: unknown;
  originalCode?: unknown;
  responseCode?: unknown;
}

/** nodemailer's own code, or the socket's when it names the cause better (ECONNREFUSED under ESOCKET). */
const REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'the SMTP server of PETSTORE_SMTP_URL refused the connection',
  ENOTFOUND: 'the host of PETSTORE_SMTP_URL was not found',
  EDNS: 'the host of PETSTORE_SMTP_URL was not found',
  ETIMEDOUT: 'the SMTP server of PETSTORE_SMTP_URL did not answer in time',
  ECONNECTION: 'the SMTP server of PETSTORE_SMTP_URL closed the connection',
  ECONNRESET: 'the SMTP server of PETSTORE_SMTP_URL closed the connection',
  ETLS: 'the TLS handshake with the SMTP server of PETSTORE_SMTP_URL failed',
  EAUTH: 'the SMTP server refused the user name and password of PETSTORE_SMTP_URL',
  ENOAUTH: 'the SMTP server asks for a user name and password, and PETSTORE_SMTP_URL has none',
  EENVELOPE: 'the SMTP server refused the sender (PETSTORE_MAIL_FROM) or the recipient',
};

/**
 * Why a send failed, in words for the operator's log and the caller's error. Never the server's
 * reply text, which can echo addresses and the message, nor the URL, which holds the password.
 */
export function whySendFailed(error: unknown): string {
  const { code, originalCode, responseCode } = (typeof error === 'object' && error !== null ? error : {}) as SendError;
  for (const candidate of [originalCode, code]) {
    if (typeof candidate === 'string' && REASONS[candidate]) return `${REASONS[candidate]} (${candidate})`;
  }
  if (typeof responseCode === 'number') return `the SMTP server of PETSTORE_SMTP_URL refused the message with reply code ${responseCode}`;
  return `sending through the SMTP server of PETSTORE_SMTP_URL failed${typeof code === 'string' ? ` (${code})` : ''}`;
}
