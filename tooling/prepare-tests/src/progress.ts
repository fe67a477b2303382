/** How long since `started`, as a person reads it: `48 s`, `3 min 05 s`. */
export function elapsed(started: number, now = Date.now()): string {
  const seconds = Math.round((now - started) / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

export interface Progress {
  say: (line: string) => void;
  /**
   * Runs one step, saying when it starts and ends with its time, and every `tickMs` while it runs,
   * so that a CI log shows a long build is alive (a Go build prints nothing for minutes).
   */
  step: <T>(what: string, make: (log: (line: string) => void) => Promise<T>) => Promise<T>;
}

export function progress(write: (line: string) => void, tickMs = 30_000): Progress {
  const started = Date.now();
  const say = (line: string): void => write(`[prepare] ${elapsed(started).padStart(9)}  ${line}`);
  return {
    say,
    step: async (what, make) => {
      const begun = Date.now();
      say(`${what}…`);
      const ticker = setInterval(() => say(`${what}: still making it (${elapsed(begun)})`), tickMs);
      try {
        const made = await make((line) => say(`${what}: ${line}`));
        say(`${what}: ready (${elapsed(begun)})`);
        return made;
      } catch (error) {
        say(`${what}: FAILED after ${elapsed(begun)}`);
        throw error;
      } finally {
        clearInterval(ticker);
      }
    },
  };
}
