import { budgetSubject, clientOfAddress, createBudgetCharger, DomainError, type Clock, type RateLimiterFactory } from '@petstore/domain';
import { CEREMONY_TIMEOUT_MS, type ChallengeThrottle } from './challenges.js';

export interface ChallengeBudgets {
  /** Challenges kept for one client per window: a flood from one address. */
  perClient: number;
  /** Challenges kept for everyone per window: a flood from many addresses, and the bound on what the database holds. */
  total: number;
  windowSeconds: number;
}

/**
 * A window as long as a challenge lives, so that the challenges alive at any moment were made in
 * at most two windows: at most 60 per client and 10,000 in all (docs/passkeys.md). 30 per client is
 * about what sign-in's 100 per 15 minutes allows in 5; 5,000 ceremonies started every 5 minutes
 * is far beyond this service's people, and a few MB of database.
 */
export const DEFAULT_CHALLENGE_BUDGETS: Readonly<ChallengeBudgets> = Object.freeze({
  perClient: 30,
  total: 5_000,
  windowSeconds: CEREMONY_TIMEOUT_MS / 1000,
});

/** The one budget every client's challenges are also charged to. */
const TOTAL_SUBJECT = 'passkey-challenges:all';

export interface ChallengeThrottleOptions {
  clock: Clock;
  budgets?: ChallengeBudgets;
  /** The limiter every instance shares (MongoDB's leased limiter); absent when this process serves alone (the embedded store). */
  sharedLimiter?: RateLimiterFactory | undefined;
}

/**
 * Two budgets per window, charged for every challenge the service keeps, whoever asks (a passkey
 * sign-in needs no session): per client, where a client is an IPv4 address or an IPv6 /64
 * (clientOfAddress), then in all. A client refused at its own budget spends nothing of the total,
 * so one address alone cannot stop everyone's ceremonies. Counted as sign-in attempts are, with
 * the same machinery: in this process first, then in the budget every instance shares.
 */
export function createChallengeThrottle(options: ChallengeThrottleOptions): ChallengeThrottle {
  const budgets = options.budgets ?? DEFAULT_CHALLENGE_BUDGETS;
  const charge = createBudgetCharger({
    clock: options.clock,
    windowSeconds: budgets.windowSeconds,
    sharedLimiter: options.sharedLimiter,
    refusal: (retryAfterSeconds, refused) => {
      const ofClient = refused.some((each) => each.subject !== TOTAL_SUBJECT);
      const why = ofClient ? 'too many passkey ceremonies started from this address' : 'too many passkey ceremonies under way';
      return new DomainError('rate_limited', `${why}; retry in ${retryAfterSeconds} s`, { retryAfterSeconds });
    },
  });
  return {
    admit: (clientAddress) =>
      charge([
        { subject: budgetSubject('passkey-challenge-client', clientOfAddress(clientAddress)), limit: budgets.perClient },
        { subject: TOTAL_SUBJECT, limit: budgets.total },
      ]),
  };
}
