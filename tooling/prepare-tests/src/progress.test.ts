import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { elapsed, progress } from './progress.js';

describe('elapsed', () => {
  it('reads as seconds under a minute, then minutes and seconds', () => {
    expect(elapsed(0, 48_400)).toBe('48 s');
    expect(elapsed(0, 185_000)).toBe('3 min 05 s');
    expect(elapsed(0, 3_600_000)).toBe('60 min 00 s');
  });
});

describe('progress', () => {
  let lines: string[];
  beforeEach(() => {
    vi.useFakeTimers();
    lines = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const text = (): string[] => lines.map((line) => line.replace(/^\[prepare\]\s+\S+( min \S+)? s\s+/, ''));

  it('says when a step starts, what it says while it runs, that it is still running, and its time', async () => {
    const { step } = progress((line) => lines.push(line), 30_000);
    const made = step('FerretDB', async (log) => {
      log('building with Go');
      await new Promise((resolve) => setTimeout(resolve, 65_000));
      return 'binary';
    });
    await vi.advanceTimersByTimeAsync(65_000);
    expect(await made).toBe('binary');
    expect(text()).toEqual([
      'FerretDB…',
      'FerretDB: building with Go',
      'FerretDB: still making it (30 s)',
      'FerretDB: still making it (1 min 00 s)',
      'FerretDB: ready (1 min 05 s)',
    ]);
    expect(lines.every((line) => line.startsWith('[prepare] '))).toBe(true);
  });

  it('says that a step failed and passes its error on, and stops saying it is still running', async () => {
    const { step } = progress((line) => lines.push(line), 30_000);
    const failed = step('kustomize', async () => {
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      throw new Error('go: no network');
    });
    const caught = failed.catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(100_000);
    expect(await caught).toBe('go: no network');
    expect(text()).toEqual(['kustomize…', 'kustomize: FAILED after 10 s']);
  });
});
