import type { Context, Middleware } from 'koa';
import { rateLimitedError, type Authenticate, type Principal, type RateLimitDecision, type RateLimiter } from '@petstore/domain';
import { requestReport } from '../observability/request-report.js';
import { addsStandardHeaders } from '../observability/service-response.js';
import { rateLimitHeaders } from '../rate-limit-headers.js';
import { DEFAULT_BODY_TIMEOUT_MS, readBodyText, readJsonBody, type BodyLimits } from './body.js';

/** What the envelope needs from the process: the key check, the budget, the body limits. */
export interface EnvelopeDeps {
  authenticate: Authenticate;
  /** Charged per operation; no limit when absent. */
  rateLimiter?: RateLimiter | undefined;
  /** Operations per window for keys without a limit of their own (PETSTORE_RATE_LIMIT); 0 or absent: none. */
  defaultRateLimit?: number | undefined;
  /** Largest accepted request body, in bytes, per HTTP request (a batch included). */
  maxBodyBytes: number;
  /** Time allowed for a whole request body (PETSTORE_BODY_TIMEOUT_SECONDS); 10 s when absent. */
  bodyTimeoutMs?: number | undefined;
}

/** What a door's Koa state holds once the envelope has admitted the request. */
export interface AuthState {
  principal: Principal;
}

/**
 * The steps every door's request meets between its route and the door's own work, each written
 * once: the key check (once per HTTP request, before any body is read), the body (one size limit,
 * one deadline) and the cost (charged per operation, all or nothing, before any runs). A step
 * that refuses throws; the door's error writer (`writeProblem`) answers with the headers the
 * refusal implies.
 */
export interface Envelope {
  /** The one key check of the request; the principal is kept in `ctx.state` and the request report. */
  checkKey(ctx: Context): Promise<Principal>;
  /** Charges `cost` operations to the caller's budget; 429 (and nothing charged) when it exceeds what is left. */
  charge(ctx: Context, cost: number): void | Promise<void>;
  /**
   * For a refusal after the key check but before the cost was known (a GraphQL body too large to
   * parse, say): puts the caller's standing in the RateLimit headers, charging nothing. Never throws.
   */
  showStanding(ctx: Context): Promise<void>;
  /** checkKey then charge: for doors that know their operations from the route alone (REST, tRPC). */
  admit(ctx: Context, cost: number): Promise<void>;
  /** Koa middleware of `admit` with a fixed cost, built once per route. */
  admitting(cost: number): Middleware<AuthState>;
  readText(ctx: Context): Promise<string>;
  readJson(ctx: Context): Promise<unknown>;
  readonly bodyLimits: BodyLimits;
}

export function createEnvelope(deps: EnvelopeDeps): Envelope {
  const { authenticate, rateLimiter } = deps;
  const bodyLimits: BodyLimits = { maxBytes: deps.maxBodyBytes, timeoutMs: deps.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS };

  const checkKey = async (ctx: Context): Promise<Principal> => {
    const report = requestReport(ctx.req);
    const principal = await authenticate(ctx.get('Authorization') || undefined, { clientAddress: report.clientAddress });
    (ctx.state as AuthState).principal = principal;
    report.authenticated(principal);
    return principal;
  };

  const charge = (ctx: Context, cost: number): void | Promise<void> => {
    if (!rateLimiter) return;
    const principal = (ctx.state as Partial<AuthState>).principal;
    if (principal === undefined) throw new Error('the rate limit is charged before the key was checked');
    // The key's own limit, else the service's; 0 leaves the key unlimited.
    const limit = principal.rateLimit ?? deps.defaultRateLimit ?? 0;
    if (limit === 0) return;
    const decision = rateLimiter.consume(principal.keyId, cost, limit);
    // Most limiters decide in memory: no promise, no extra turn of the event loop.
    return decision instanceof Promise ? decision.then((settled) => settle(ctx, settled)) : settle(ctx, decision);
  };

  const admit = async (ctx: Context, cost: number): Promise<void> => {
    await checkKey(ctx);
    const charged = charge(ctx, cost);
    if (charged) await charged;
  };

  const showStanding = async (ctx: Context): Promise<void> => {
    const report = requestReport(ctx.req);
    if (report.keyId === undefined || report.rateLimit !== undefined) return;
    try {
      await charge(ctx, 0);
    } catch {
      // The refusal being written matters more than the headers that would have gone with it.
    }
  };

  return {
    checkKey,
    charge,
    showStanding,
    admit,
    admitting: (cost) => async (ctx, next) => {
      await admit(ctx, cost);
      await next();
    },
    readText: (ctx) => readBodyText(ctx, bodyLimits),
    readJson: (ctx) => readJsonBody(ctx, bodyLimits),
    bodyLimits,
  };
}

/** Every answer after the charge tells the caller what is left, refusals included. */
function settle(ctx: Context, decision: RateLimitDecision): void {
  requestReport(ctx.req).rateLimit = decision;
  if (!addsStandardHeaders(ctx.res)) ctx.set(rateLimitHeaders(decision));
  if (!decision.allowed) throw rateLimitedError(decision);
}
