import { DomainError } from '@petstore/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHALLENGE_PRUNE_INTERVAL_MS, startChallengePruning } from './challenge-pruning.js';

describe('startChallengePruning', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('prunes once per interval, none at start, logs a failed prune without its error, and stops when asked', async () => {
    let prunes = 0;
    const warnings: unknown[] = [];
    const passkeys = {
      pruneExpiredChallenges: () => {
        prunes += 1;
        return prunes === 2 ? Promise.reject(new DomainError('service_unavailable', 'the database did not answer')) : Promise.resolve();
      },
    };
    const stop = startChallengePruning({ passkeys, logger: { warn: (fields, message) => void warnings.push([fields, message]) } });
    expect(prunes, 'no delete before the first interval, and none per request').toBe(0);
    await vi.advanceTimersByTimeAsync(CHALLENGE_PRUNE_INTERVAL_MS);
    expect(prunes).toBe(1);
    await vi.advanceTimersByTimeAsync(CHALLENGE_PRUNE_INTERVAL_MS);
    expect(prunes).toBe(2);
    expect(warnings).toEqual([
      [{ component: 'passkeys', code: 'service_unavailable' }, 'could not delete expired passkey challenges; tried again at the next prune'],
    ]);
    await vi.advanceTimersByTimeAsync(CHALLENGE_PRUNE_INTERVAL_MS);
    expect(prunes, 'tried again after a failure').toBe(3);
    await stop();
    await vi.advanceTimersByTimeAsync(CHALLENGE_PRUNE_INTERVAL_MS * 3);
    expect(prunes).toBe(3);
  });

  it('runs one prune at a time: a tick while one is under way starts none', async () => {
    let started = 0;
    let finish = (): void => undefined;
    const passkeys = {
      pruneExpiredChallenges: () => {
        started += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    };
    const stop = startChallengePruning({ passkeys, logger: { warn: () => undefined } });
    await vi.advanceTimersByTimeAsync(CHALLENGE_PRUNE_INTERVAL_MS * 3);
    expect(started).toBe(1);
    const stopped = stop();
    finish();
    await stopped;
    expect(started).toBe(1);
  });
});
