import { isDomainError } from '@petstore/domain';
import { CEREMONY_TIMEOUT_MS, type PasskeyService } from '@petstore/passkeys';

/** How often each instance deletes the passkey challenges that expired untaken: a ceremony's lifetime. */
export const CHALLENGE_PRUNE_INTERVAL_MS = CEREMONY_TIMEOUT_MS;

/**
 * Deletes expired passkey challenges every CHALLENGE_PRUNE_INTERVAL_MS, off every request's path
 * (FerretDB has no TTL index to do it; on MongoDB the TTL index does it too), one prune at a time.
 * A prune that fails is logged and tried again at the next tick. Resolves the returned stop once
 * a prune under way has ended, so the stores can be closed after it.
 */
export function startChallengePruning(deps: {
  passkeys: Pick<PasskeyService, 'pruneExpiredChallenges'>;
  logger: { warn: (fields: Record<string, string>, message: string) => void };
}): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= deps.passkeys
      .pruneExpiredChallenges()
      .catch((error: unknown) => {
        const code = isDomainError(error) ? error.code : 'internal_error';
        deps.logger.warn({ component: 'passkeys', code }, 'could not delete expired passkey challenges; tried again at the next prune');
      })
      .finally(() => (running = undefined));
  }, CHALLENGE_PRUNE_INTERVAL_MS);
  // Pruning must never keep a process alive that has nothing else to do.
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
