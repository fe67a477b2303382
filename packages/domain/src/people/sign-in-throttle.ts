import { clientOfAddress } from '../auth/client-of-address.js';
import type { Clock } from '../clock/clock.js';
import { DomainError } from '../errors/domain-error.js';
import { budgetSubject, createBudgetCharger, type Charge, type RateLimiterFactory } from '../rate-limit/budget-charger.js';

/** What the people service asks before it checks a password: may this attempt go ahead? */
export interface SignInThrottle {
  /**
   * Charges one attempt to sign in as `email` from `clientAddress` before it returns, so a caller
   * that calls it before its first await cannot have concurrent attempts pass the same count.
   * Resolves when the attempt may go ahead; rejects with `rate_limited` (and retryAfterSeconds)
   * when a budget is spent. The answer is the same whether or not the email belongs to anyone.
   */
  admit(email: string, clientAddress: string): Promise<void>;
  /**
   * Charges the client's budget alone, as `admit` does, for an attempt that names no email (a new
   * password set by a reset link's token): nobody makes the service hash passwords without bound.
   */
  admitClient(clientAddress: string): Promise<void>;
}

export interface SignInBudgets {
  /** Attempts at one email from one client per window: guessing one person's password. */
  perEmailAndClient: number;
  /** Attempts from one client at any emails per window: one password tried on many people (spraying). */
  perClient: number;
  windowSeconds: number;
}

export const DEFAULT_SIGN_IN_BUDGETS: Readonly<SignInBudgets> = Object.freeze({ perEmailAndClient: 10, perClient: 100, windowSeconds: 900 });

export interface SignInThrottleOptions {
  clock: Clock;
  budgets?: SignInBudgets;
  /** The limiter every instance shares (MongoDB's leased limiter); absent when this process serves alone (the embedded store). */
  sharedLimiter?: RateLimiterFactory | undefined;
}

/**
 * Two budgets per fixed window, both charged for every attempt, the successful ones included:
 * per (email, client), where a client is an IPv4 address or an IPv6 /64 (clientOfAddress), and per
 * client alone. Someone guessing from one client spends that client's budgets only: the email's
 * owner signing in from another client has budgets of their own. Successes are charged because the
 * charge is made before the outcome is known and is never given back: a refund on success would
 * let someone holding one valid password sign in between guesses to refill the spraying budget.
 *
 * Each attempt is charged first to counts kept in this process, synchronously, then (when given) to
 * the budget every instance shares (createBudgetCharger).
 */
export function createSignInThrottle(options: SignInThrottleOptions): SignInThrottle {
  const budgets = options.budgets ?? DEFAULT_SIGN_IN_BUDGETS;
  const charge = createBudgetCharger({
    clock: options.clock,
    windowSeconds: budgets.windowSeconds,
    sharedLimiter: options.sharedLimiter,
    refusal: (retryAfterSeconds) =>
      new DomainError('rate_limited', `too many sign-in attempts from this address; retry in ${retryAfterSeconds} s`, { retryAfterSeconds }),
  });
  const perClient = (client: string): Charge => ({ subject: budgetSubject('sign-in-client', client), limit: budgets.perClient });
  return {
    admit(email, clientAddress) {
      const client = clientOfAddress(clientAddress);
      // The email's budget first: an attempt refused there is not charged to the client's.
      return charge([
        { subject: budgetSubject('sign-in-email', `${email.trim().toLowerCase()}\n${client}`), limit: budgets.perEmailAndClient },
        perClient(client),
      ]);
    },
    admitClient(clientAddress) {
      return charge([perClient(clientOfAddress(clientAddress))]);
    },
  };
}
