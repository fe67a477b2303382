import { describe, expect, it } from 'vitest';
import { whySendFailed } from './send-failure.js';

describe('whySendFailed', () => {
  it('names the cause under a socket error rather than the socket error itself', () => {
    expect(whySendFailed({ code: 'ESOCKET', originalCode: 'ECONNREFUSED' })).toBe(
      'the SMTP server of PETSTORE_SMTP_URL refused the connection (ECONNREFUSED)',
    );
    expect(whySendFailed({ code: 'ETIMEDOUT' })).toBe('the SMTP server of PETSTORE_SMTP_URL did not answer in time (ETIMEDOUT)');
  });

  it("gives a refusal's reply code, never the server's reply text", () => {
    const said = whySendFailed({
      code: 'EMESSAGE',
      responseCode: 552,
      response: '552 message to ada@example.com with link https://x#token=abc too big',
    });
    expect(said).toBe('the SMTP server of PETSTORE_SMTP_URL refused the message with reply code 552');
  });

  it('says that sending failed, with the code when there is one, for anything else', () => {
    expect(whySendFailed({ code: 'EPROTOCOL' })).toBe('sending through the SMTP server of PETSTORE_SMTP_URL failed (EPROTOCOL)');
    expect(whySendFailed(new Error('smtp://user:password@host'))).toBe('sending through the SMTP server of PETSTORE_SMTP_URL failed');
    expect(whySendFailed(undefined)).toBe('sending through the SMTP server of PETSTORE_SMTP_URL failed');
  });
});
