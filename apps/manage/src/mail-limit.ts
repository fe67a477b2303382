import { clientOfAddress, DomainError, FixedWindowRateLimiter, type Clock } from '@petstore/domain';

/** Operations that may send mail (a verification, reset or invitation link) per client per hour. */
export const MAILING_REQUESTS_PER_CLIENT_PER_HOUR = 10;
const WINDOW_SECONDS = 3600;

/**
 * A per-client budget for the operations that may send mail (signUp, requestPasswordReset, and an
 * owner's inviteMember when it mails), so that nobody uses the service to bomb an inbox, or to fill
 * accounts, from one address. A client
 * is an IPv4 address or an IPv6 /64 (clientOfAddress). Charged synchronously, before the first
 * await, so concurrent requests cannot all pass one count. Counted per instance: with N instances
 * behind a balancer a client may send at most N times the budget (docs/manage-api.md).
 */
export function mailingLimit(clock: Clock, perHour = MAILING_REQUESTS_PER_CLIENT_PER_HOUR): (clientAddress: string | undefined) => void {
  const limiter = new FixedWindowRateLimiter({ windowSeconds: WINDOW_SECONDS, clock });
  return (clientAddress) => {
    const decision = limiter.consume(clientOfAddress(clientAddress ?? ''), 1, perHour);
    if (decision.allowed) return;
    throw new DomainError(
      'rate_limited',
      `too many requests that send mail (sign-ups, password resets, invitations) from this address (at most ${perHour} an hour); retry in ${decision.resetSeconds} s`,
      { retryAfterSeconds: decision.resetSeconds },
    );
  };
}
