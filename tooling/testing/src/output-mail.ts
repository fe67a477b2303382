import type { ServerProcess } from './server-process.js';

const END_OF_MAIL = /^─+ end of mail ─+$/m;
const WAIT_MS = 10_000;

/**
 * The last whole mail to `to` whose subject starts with `subject` that the service wrote to its
 * output (its development mailer: each mail ends with a rule, so one cut short is never read).
 */
function lastMailTo(output: string, to: string, subject: string): string | undefined {
  return output
    .split(END_OF_MAIL)
    .slice(0, -1)
    .findLast((text) => text.includes(`To: ${to}\nSubject: ${subject}`));
}

/**
 * That mail, once the process has written it: the answer to the request that sends it and the
 * output travel on different pipes, so the mail may land a moment after the answer.
 */
export async function mailWrittenTo(server: Pick<ServerProcess, 'output'>, to: string, subject: string): Promise<string> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const message = lastMailTo(server.output(), to, subject);
    if (message !== undefined) return message;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} about "${subject}" in the output:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
