import { hash } from 'node:crypto';
import type { Clock } from '../clock/clock.js';
import type { DomainError } from '../errors/domain-error.js';
import { FixedWindowRateLimiter, type RateLimiter } from './rate-limiter.js';

/** Builds a limiter for a window (the shape of the stores' `sharedRateLimiter`). */
export type RateLimiterFactory = (window: { windowSeconds: number; clock: Clock }) => RateLimiter;

/** One unit charged to a budget of `limit` per window. */
export interface Charge {
  /** Names the budget: `<kind>:<value>`, from budgetSubject. */
  subject: string;
  limit: number;
}

export interface BudgetChargerOptions {
  clock: Clock;
  windowSeconds: number;
  /** The limiter every instance shares (MongoDB's leased limiter); absent when this process serves alone (the embedded store). */
  sharedLimiter?: RateLimiterFactory | undefined;
  /** The error an attempt is refused with: the seconds until every budget refused allows again, and those budgets. */
  refusal: (retryAfterSeconds: number, refused: Charge[]) => DomainError;
}

/**
 * Charges one attempt to each of its budgets, all of one window: resolves when every budget
 * admits it, rejects with the options' refusal when one is spent. Charged in this process first,
 * synchronously, so a caller that charges before its first await cannot have concurrent attempts
 * pass the same count; then (when given) to the budgets every instance shares.
 */
export type BudgetCharger = (charges: readonly Charge[]) => Promise<void>;

/**
 * The machinery of every throttle of people's unauthenticated attempts (sign-in, passkey
 * ceremonies): counts kept in this process, then the budget every instance shares, whose limiter
 * may answer only after a database round trip. A charge is never given back.
 */
export function createBudgetCharger(options: BudgetChargerOptions): BudgetCharger {
  const window = { windowSeconds: options.windowSeconds, clock: options.clock };
  const local = new FixedWindowRateLimiter(window);
  const shared = options.sharedLimiter?.(window);
  const refuse = (refused: Array<{ charge: Charge; resetSeconds: number }>) =>
    options.refusal(
      Math.max(1, ...refused.map(({ resetSeconds }) => resetSeconds)),
      refused.map(({ charge }) => charge),
    );
  return (charges) => {
    // Stops at the first refusal: what a later budget counts here is the attempts the earlier ones
    // let through, the same attempts this process goes on to charge to the shared budgets.
    for (const charge of charges) {
      const decision = local.consume(charge.subject, 1, charge.limit);
      if (!decision.allowed) return Promise.reject(refuse([{ charge, resetSeconds: decision.resetSeconds }]));
    }
    if (!shared) return Promise.resolve();
    // All charged before any answer is awaited, so none waits on another's round trip.
    const decisions = charges.map((charge) => Promise.resolve(shared.consume(charge.subject, 1, charge.limit)));
    return Promise.all(decisions).then((answers) => {
      const refused = charges.flatMap((charge, at) => (answers[at]?.allowed === false ? [{ charge, resetSeconds: answers[at].resetSeconds }] : []));
      if (refused.length > 0) throw refuse(refused);
    });
  };
}

/**
 * A budget's subject names no address or email (the shared limiter keeps subjects in the database)
 * and holds no `:` after its kind, which the leased limiter uses to separate a subject from its window.
 */
export function budgetSubject(kind: string, value: string): string {
  return `${kind}:${hash('sha256', value, 'base64url')}`;
}
