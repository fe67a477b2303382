import { DomainError } from '../errors/domain-error.js';
import type { ApiKeyRecord, KeyStore } from '../auth/ports.js';

/**
 * Which roll of `old` may be tried next: 1 for a key never rolled; the next generation when the
 * replacement of its last roll was revoked (an operator who revokes a leaked replacement during
 * its overlap can roll the old key again); a conflict while that replacement stands. Several
 * rollers may reach the same generation: its roll decision picks one of them.
 */
export async function nextRollGeneration(keys: KeyStore, old: ApiKeyRecord): Promise<number> {
  // A key rolled before roll decisions were recorded names its replacement only in replacedBy.
  const latest = (await keys.latestRoll(old.id)) ?? (old.replacedBy === null ? null : { generation: 0, replacementId: old.replacedBy });
  if (latest === null) return 1;
  const replacement = await keys.getKey(latest.replacementId);
  if (replacement === null || replacement.revokedAt !== null) return latest.generation + 1;
  const { id } = replacement;
  if (replacement.rollPending) {
    throw new DomainError(
      'conflict',
      `key ${old.id} is being rolled: its replacement ${id} is not active yet (if it stays so, the roll was interrupted: revoke ${id}, then roll ${old.id} again)`,
    );
  }
  throw new DomainError('conflict', `key ${old.id} was already rolled; its replacement is ${id} (revoke ${id} to roll ${old.id} again)`);
}

/** The old key's end after a roll: never later than an end an earlier roll already gave it. */
export function overlapEnd(old: ApiKeyRecord, now: Date, overlapSeconds: number): Date {
  const asked = now.getTime() + overlapSeconds * 1000;
  return new Date(old.overlapEndsAt === null ? asked : Math.min(asked, old.overlapEndsAt.getTime()));
}
