import { describe, expect, it } from 'vitest';
import { createConsoleMailer } from './console-mailer.js';

describe('createConsoleMailer', () => {
  it('writes each message whole, in one write, framed, with its recipient, subject and every line of its text', async () => {
    const written: string[] = [];
    const mailer = createConsoleMailer((text) => written.push(text));
    const text = 'To choose a new password, open this link:\nhttp://127.0.0.1:3000/portal/reset-password#token=Abc-123_xyz\n\nBye.\n';
    await mailer.send({ to: 'ada@example.com', subject: 'Reset your password', text });
    expect(mailer.delivery).toBe('output');
    expect(written).toHaveLength(1);
    const [output = ''] = written;
    expect(output).toContain('To: ada@example.com\nSubject: Reset your password\n\n');
    expect(output).toContain(text);
    const lines = output.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^─+ mail not sent: no SMTP server \(development\); here it is ─+$/);
    expect(lines.at(-1)).toMatch(/^─+ end of mail ─+$/);
  });

  it('keeps the text readable whatever its line endings and lone carriage returns', async () => {
    const written: string[] = [];
    await createConsoleMailer((text) => written.push(text)).send({
      to: 'bo@example.com',
      subject: 'Hi\u001b[2J',
      text: 'one\r\ntwo\rthree\u001b]0;x\u0007\tfour\u009b',
    });
    expect(written.join('')).toContain('Subject: Hi[2J\n\none\ntwo\nthree]0;x\tfour\n');
  });
});
