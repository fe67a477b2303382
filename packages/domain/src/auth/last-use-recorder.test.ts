import { describe, expect, it } from 'vitest';
import { LastUseRecorder } from './last-use-recorder.js';

const settle = () => new Promise((resolve) => setImmediate(resolve));
const at = (ms: number) => new Date(Date.parse('2026-01-01T00:00:00Z') + ms);

const recorder = (recordKeyUse: (id: string, at: Date) => Promise<void>, maxKeys = 100) => {
  const errors: unknown[] = [];
  const last = new LastUseRecorder({ keys: { recordKeyUse }, maxKeys, onError: (error) => errors.push(error) });
  return { last, errors };
};

describe('LastUseRecorder', () => {
  it('writes the first use of each key, then at most once a minute per key', async () => {
    const writes: string[] = [];
    const { last } = recorder(async (id, when) => void writes.push(`${id}@${when.getTime() - at(0).getTime()}`));
    for (let n = 0; n < 50; n += 1) {
      last.used('a', at(n * 1000));
      last.used('b', at(n * 1000));
    }
    last.used('a', at(60_000));
    await settle();
    expect(writes).toEqual(['a@0', 'b@0', 'a@60000']);
  });

  it('never lets a failing write reach the caller, and tries again a minute later', async () => {
    let calls = 0;
    const { last, errors } = recorder((): Promise<void> => {
      calls += 1;
      if (calls === 1) throw new Error('thrown at once');
      return Promise.reject(new Error('rejected'));
    });
    expect(() => last.used('a', at(0))).not.toThrow();
    last.used('a', at(59_999));
    last.used('a', at(60_000));
    await settle();
    expect(calls).toBe(2);
    expect(errors.map((error) => (error as Error).message)).toEqual(['thrown at once', 'rejected']);
  });

  it('remembers at most maxKeys keys, forgetting the one written earliest', async () => {
    const writes: string[] = [];
    const { last } = recorder(async (id) => void writes.push(id), 2);
    for (const id of ['a', 'b', 'c', 'a', 'c']) last.used(id, at(0));
    await settle();
    expect(writes).toEqual(['a', 'b', 'c', 'a']);
  });
});
