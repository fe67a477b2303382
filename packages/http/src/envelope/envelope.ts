import {
  BrowserKeyRefusal,
  clientRateLimitedError,
  rateLimitedError,
  requireScopes,
  type Authenticate,
  type Principal,
  type RateLimitDecision,
  type RateLimiter,
  type Operation,
} from '@petstore/domain';
import type { Exchange } from '../exchange/exchange.js';

/** What the envelope needs from the process: the key check and the budget. */
export interface EnvelopeDeps {
  authenticate: Authenticate;
  /** Charged per operation; no limit when absent. */
  rateLimiter?: RateLimiter | undefined;
  /** Operations per window for keys without a limit of their own (PETSTORE_RATE_LIMIT); 0 or absent: none. */
  defaultRateLimit?: number | undefined;
  /** Operations per window per client address per browser key, on top of the key's (PETSTORE_BROWSER_KEY_CLIENT_LIMIT); 0 or absent: none. */
  browserKeyClientLimit?: number | undefined;
}

/**
 * One operation a request asks for: as its door names it (a REST route, a tRPC call, a GraphQL
 * root field), which the refusal and the metrics say; the catalogue operation it is, whose scope
 * and cost the envelope applies; and how many times the request makes it.
 */
export interface RequestOperation {
  name: string;
  /**
   * Null for what the catalogue does not hold, which needs no scope and costs one a call: GraphQL's
   * introspection fields in a subscription (refused, but charged), a field its root type lacks
   * (refused by validation, but charged).
   */
  operation: Operation | null;
  /** One per GraphQL response key; 0 for an operation of a document that the request does not run (admitted, not charged). */
  calls: number;
}

/** What a request operation costs against the caller's rate limit. */
export function costOf({ operation, calls }: RequestOperation): number {
  return calls * (operation === null ? 1 : operation.cost);
}

/**
 * The steps every door's request meets between its route and the door's own work, each written
 * once and each handed the request's exchange: the key check (once per HTTP request, before any
 * body is read) and the admission of its operations (scopes, then cost, all or nothing, before
 * any runs). A step that refuses throws; the door's mount (HttpApp.mount) answers with the refusal
 * in the door's shape through the one writer. The body is the exchange's to read (`json()`), under
 * the one size limit and deadline.
 */
export interface Envelope {
  /** The one key check of the request; the principal is kept in the exchange. */
  checkKey(exchange: Exchange): Promise<Principal>;
  /**
   * Admits the request's operations, all or nothing, as soon as the door knows them and before
   * any runs: 403 `forbidden` when the key lacks the scope of any of them (nothing charged), then
   * their summed cost charged to the key's budget; 429 (and nothing charged) when it exceeds what
   * is left.
   */
  admit(exchange: Exchange, operations: readonly RequestOperation[]): void | Promise<void>;
  /**
   * For an answer after the key check that charged nothing (a refusal before the operations were
   * known, a 405): puts the caller's standing in the exchange for the RateLimit headers. Never throws.
   */
  showStanding(exchange: Exchange): Promise<void>;
}

export function createEnvelope(deps: EnvelopeDeps): Envelope {
  const { authenticate, rateLimiter } = deps;
  const clientLimit = deps.browserKeyClientLimit ?? 0;

  const chargeKey = (exchange: Exchange, principal: Principal, cost: number, client?: RateLimitDecision): void | Promise<void> => {
    if (!rateLimiter) return;
    // The key's own limit, else the service's; 0 leaves the key unlimited.
    const limit = principal.rateLimit ?? deps.defaultRateLimit ?? 0;
    if (limit === 0) return client && settle(exchange, client);
    // A roll's old and new key are one credential being replaced: one budget for the lineage.
    const decision = rateLimiter.consume(principal.lineageId, cost, limit);
    // Most limiters decide in memory: no promise, no extra turn of the event loop.
    return decision instanceof Promise
      ? decision.then((settled) => settle(exchange, tighter(settled, client)))
      : settle(exchange, tighter(decision, client));
  };

  /**
   * A browser key is held by every visitor of its page: each client address gets its own share
   * per key (its lineage) before the key's budget is charged, so one visitor cannot spend it all.
   * Refused there, the key's budget is not charged.
   */
  const charge = (exchange: Exchange, principal: Principal, cost: number): void | Promise<void> => {
    if (!rateLimiter || principal.kind !== 'browser' || clientLimit === 0) return chargeKey(exchange, principal, cost);
    const subject = `${principal.lineageId} client ${exchange.clientAddress ?? 'unknown'}`;
    const decision = rateLimiter.consume(subject, cost, clientLimit);
    const next = (client: RateLimitDecision): void | Promise<void> => {
      if (client.allowed) return chargeKey(exchange, principal, cost, client);
      exchange.charged(client);
      throw clientRateLimitedError(client);
    };
    return decision instanceof Promise ? decision.then(next) : next(decision);
  };

  return {
    async checkKey(exchange) {
      try {
        const principal = await authenticate(exchange.header('authorization'), {
          clientAddress: exchange.clientAddress,
          origin: exchange.header('origin'),
        });
        exchange.authenticated(principal);
        return principal;
      } catch (error) {
        if (error instanceof BrowserKeyRefusal) exchange.browserKeyRefused();
        throw error;
      }
    },
    admit(exchange, operations) {
      const principal = checkedPrincipal(exchange);
      // Before any refusal, so that a call refused by scope or budget is counted with its outcome.
      exchange.asking(operations);
      requireScopes(
        principal,
        operations.map(({ name, operation }) => ({ name, scope: operation?.scope ?? null })),
      );
      let cost = 0;
      for (const operation of operations) cost += costOf(operation);
      return charge(exchange, principal, cost);
    },
    async showStanding(exchange) {
      if (exchange.principal === undefined || exchange.standing !== undefined) return;
      try {
        await charge(exchange, exchange.principal, 0);
      } catch {
        // The answer being written matters more than the headers that would have gone with it.
      }
    },
  };
}

function checkedPrincipal(exchange: Exchange): Principal {
  const principal = exchange.principal;
  if (principal === undefined) throw new Error('operations are admitted before the key was checked');
  return principal;
}

/** Of the key's standing and its client's (a browser key's), the one with less left, or the refusal. */
function tighter(key: RateLimitDecision, client: RateLimitDecision | undefined): RateLimitDecision {
  return client === undefined || !key.allowed || key.remaining <= client.remaining ? key : client;
}

/** Every answer after the charge tells the caller what is left, refusals included. */
function settle(exchange: Exchange, decision: RateLimitDecision): void {
  exchange.charged(decision);
  if (!decision.allowed) throw rateLimitedError(decision);
}
