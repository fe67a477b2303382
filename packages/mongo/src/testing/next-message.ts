import type { ChildProcess } from 'node:child_process';

/** The next message a forked worker sends, or a rejection if it exits first. */
export function nextMessage<T>(worker: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null): void => reject(new Error(`worker exited with code ${code}`));
    worker.once('exit', onExit);
    worker.once('message', (message) => {
      worker.off('exit', onExit);
      resolve(message as T);
    });
  });
}
