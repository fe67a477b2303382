import type { ServerProcess } from './server-process.js';

const END_OF_MAIL = /^─+ end of mail ─+$/m;
const WAIT_MS = 10_000;

/** The last message the service wrote to its output for `to` (its development mailer), if any. */
export function lastMailTo(output: string, to: string): string | undefined {
  return output.split(END_OF_MAIL).findLast((text) => text.includes(`To: ${to}\n`));
}

/**
 * The message for `to` the process writes once the request that sends it has been answered: the
 * answer and the output travel on different pipes, so the mail may land a moment later.
 */
export async function mailWrittenTo(server: Pick<ServerProcess, 'output'>, to: string, after = 0): Promise<string> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const message = lastMailTo(server.output().slice(after), to);
    if (message !== undefined) return message;
    if (Date.now() > deadline) throw new Error(`no message to ${to} in the output:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
