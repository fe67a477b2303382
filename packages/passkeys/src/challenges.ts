import { randomBytes } from 'node:crypto';
import { DomainError, type Clock, type PeopleStore } from '@petstore/domain';

/** How long a started ceremony may take: the browser is told the same (the options' timeout). */
export const CEREMONY_TIMEOUT_MS = 5 * 60_000;

/**
 * Each ceremony's challenge is kept in the store under a random handle the browser sends back,
 * so that any instance can finish what another started, and taken once: a second finish with the
 * same handle (a replayed answer) finds nothing.
 */
export class Challenges {
  constructor(private readonly deps: { people: PeopleStore; clock: Clock }) {}

  /** Keeps `value` for the person registering (or null for a sign-in); returns its handle. */
  async keep(value: string, personId: string | null): Promise<string> {
    const id = `chl_${randomBytes(16).toString('base64url')}`;
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + CEREMONY_TIMEOUT_MS);
    await this.deps.people.insertChallenge({ id, value, personId, expiresAt }, now);
    return id;
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
