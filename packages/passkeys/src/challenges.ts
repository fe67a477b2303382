import { randomBytes } from 'node:crypto';
import { DomainError, type Clock, type PeopleStore } from '@petstore/domain';

/** How long a started ceremony may take: the browser is told the same (the options' timeout). */
export const CEREMONY_TIMEOUT_MS = 5 * 60_000;

/** What is asked before a challenge is kept: may this client have one more? (createChallengeThrottle) */
export interface ChallengeThrottle {
  /**
   * Charges one challenge to the client's budgets before it returns; resolves when it may be kept,
   * rejects with `rate_limited` (and retryAfterSeconds) when a budget is spent.
   */
  admit(clientAddress: string): Promise<void>;
}

/**
 * Each ceremony's challenge is kept in the store under a random handle the browser sends back,
 * so that any instance can finish what another started, and taken once: a second finish with the
 * same handle (a replayed answer) finds nothing. Every challenge kept is charged to its client's
 * budget first (anyone may start a sign-in); those nobody took are deleted on a schedule (prune).
 */
export class Challenges {
  constructor(private readonly deps: { people: PeopleStore; clock: Clock; throttle: ChallengeThrottle }) {}

  /** Keeps `value` for the person registering (or null for a sign-in), asked from `clientAddress`; returns its handle. */
  async keep(value: string, personId: string | null, clientAddress: string): Promise<string> {
    // Charged before anything is stored, and synchronously in this process (createBudgetCharger), so
    // concurrent starts from one client cannot all pass one count.
    await this.deps.throttle.admit(clientAddress);
    const id = `chl_${randomBytes(16).toString('base64url')}`;
    const expiresAt = new Date(this.deps.clock.now().getTime() + CEREMONY_TIMEOUT_MS);
    await this.deps.people.insertChallenge({ id, value, personId, expiresAt });
    return id;
  }

  /** Deletes the challenges that expired without being taken: never per request, on the service's schedule. */
  prune(): Promise<void> {
    return this.deps.people.deleteExpiredChallenges(this.deps.clock.now());
  }

  /**
   * The challenge's value, taken for good, when it was kept for this person (null: a sign-in);
   * `invalid_request` otherwise, saying to start again.
   */
  async take(id: string, personId: string | null): Promise<string> {
    const challenge = await this.deps.people.takeChallenge(id, this.deps.clock.now());
    if (challenge === null || challenge.personId !== personId) {
      throw new DomainError('invalid_request', 'challengeId: unknown, used already or expired; start the ceremony again');
    }
    return challenge.value;
  }
}
