import { describe, expect, it } from 'vitest';
import { movableClock } from '../testing/movable-clock.js';
import { LastUseRecorder } from './last-use-recorder.js';

const settle = () => new Promise((resolve) => setImmediate(resolve));

const recorder = (recordKeyUse: (id: string, at: Date) => Promise<void>, maxKeys = 100) => {
  const { clock, advance } = movableClock('2026-01-01T00:00:00Z');
  const errors: unknown[] = [];
  const last = new LastUseRecorder({ keys: { recordKeyUse }, clock, maxKeys, onError: (error) => errors.push(error) });
  return { last, advance, errors };
};

describe('LastUseRecorder', () => {
  it('writes the first use of each key, then at most once a minute per key', async () => {
    const writes: string[] = [];
    const { last, advance } = recorder(async (id, at) => void writes.push(`${id}@${at.getTime() % 3_600_000}`));
    for (let n = 0; n < 50; n += 1) {
      last.used('a');
      last.used('b');
      advance(1000);
    }
    advance(10_000);
    last.used('a');
    await settle();
    expect(writes).toEqual(['a@0', 'b@0', 'a@60000']);
  });

  it('never lets a failing write reach the caller, and tries again a minute later', async () => {
    let calls = 0;
    const { last, advance, errors } = recorder((): Promise<void> => {
      calls += 1;
      if (calls === 1) throw new Error('thrown at once');
      return Promise.reject(new Error('rejected'));
    });
    expect(() => last.used('a')).not.toThrow();
    advance(60_000);
    last.used('a');
    await settle();
    expect(calls).toBe(2);
    expect(errors.map((error) => (error as Error).message)).toEqual(['thrown at once', 'rejected']);
  });

  it('remembers at most maxKeys keys, forgetting the one written earliest', async () => {
    const writes: string[] = [];
    const { last } = recorder(async (id) => void writes.push(id), 2);
    for (const id of ['a', 'b', 'c', 'a', 'c']) last.used(id);
    await settle();
    expect(writes).toEqual(['a', 'b', 'c', 'a']);
  });
});
