import { hash } from 'node:crypto';
import { clientOfAddress } from '../auth/client-of-address.js';
import type { Clock } from '../clock/clock.js';
import { DomainError } from '../errors/domain-error.js';
import { FixedWindowRateLimiter, type RateLimitDecision, type RateLimiter } from '../rate-limit/rate-limiter.js';

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

/** Builds a limiter for a window (the shape of the stores' `sharedRateLimiter`). */
export type RateLimiterFactory = (window: { windowSeconds: number; clock: Clock }) => RateLimiter;

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
 * the budget every instance shares, whose limiter may answer only after a database round trip.
 */
export function createSignInThrottle(options: SignInThrottleOptions): SignInThrottle {
  const budgets = options.budgets ?? DEFAULT_SIGN_IN_BUDGETS;
  const window = { windowSeconds: budgets.windowSeconds, clock: options.clock };
  const local = new FixedWindowRateLimiter(window);
  const shared = options.sharedLimiter?.(window);
  const charge = (charges: Charge[]): Promise<void> => {
    // Stops at the first refusal: what the client's budget counts here is the attempts its email's
    // budget let through, the same attempts this process goes on to charge to the shared budgets.
    for (const { subject, limit } of charges) {
      const decision = local.consume(subject, 1, limit);
      if (!decision.allowed) return Promise.reject(refusal([decision]));
    }
    if (!shared) return Promise.resolve();
    // All charged before any answer is awaited, so none waits on another's round trip.
    const decisions = charges.map(({ subject, limit }) => Promise.resolve(shared.consume(subject, 1, limit)));
    return Promise.all(decisions).then((answers) => {
      if (answers.some((answer) => !answer.allowed)) throw refusal(answers);
    });
  };
  const perClient = (clientAddress: string): Charge => ({ subject: subjectOf('client', clientOfAddress(clientAddress)), limit: budgets.perClient });
  return {
    admit(email, clientAddress) {
      const client = clientOfAddress(clientAddress);
      const perEmail = { subject: subjectOf('email', `${email.trim().toLowerCase()}\n${client}`), limit: budgets.perEmailAndClient };
      return charge([perEmail, perClient(clientAddress)]);
    },
    admitClient(clientAddress) {
      return charge([perClient(clientAddress)]);
    },
  };
}

interface Charge {
  subject: string;
  limit: number;
}

/**
 * A budget's subject names no address or email (the shared limiter keeps subjects in the database)
 * and holds no `:` after its prefix, which the leased limiter uses to separate a subject from its window.
 */
function subjectOf(kind: 'client' | 'email', value: string): string {
  return `sign-in-${kind}:${hash('sha256', value, 'base64url')}`;
}

function refusal(decisions: RateLimitDecision[]): DomainError {
  const refused = decisions.filter((decision) => !decision.allowed);
  const retryAfterSeconds = Math.max(1, ...refused.map((decision) => decision.resetSeconds));
  return new DomainError('rate_limited', `too many sign-in attempts from this address; retry in ${retryAfterSeconds} s`, {
    retryAfterSeconds,
  });
}
