import {
  rateLimitedError,
  requireScopes,
  type Authenticate,
  type Principal,
  type RateLimitDecision,
  type RateLimiter,
  type Operation,
} from '@petstore/domain';
import type { Exchange } from '../exchange/exchange.js';
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
 * body is read), the body (one size limit, one deadline) and the admission of its operations
 * (scopes, then cost, all or nothing, before any runs). A step that refuses throws; the door's
 * mount (mountDoor) answers with the refusal in the door's shape through the one writer.
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
  readText(exchange: Exchange): Promise<string>;
  readJson(exchange: Exchange): Promise<unknown>;
  readonly bodyLimits: BodyLimits;
}

export function createEnvelope(deps: EnvelopeDeps): Envelope {
  const { authenticate, rateLimiter } = deps;
  const bodyLimits: BodyLimits = { maxBytes: deps.maxBodyBytes, timeoutMs: deps.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS };

  const charge = (exchange: Exchange, principal: Principal, cost: number): void | Promise<void> => {
    if (!rateLimiter) return;
    // The key's own limit, else the service's; 0 leaves the key unlimited.
    const limit = principal.rateLimit ?? deps.defaultRateLimit ?? 0;
    if (limit === 0) return;
    // A roll's old and new key are one credential being replaced: one budget for the lineage.
    const decision = rateLimiter.consume(principal.lineageId, cost, limit);
    // Most limiters decide in memory: no promise, no extra turn of the event loop.
    return decision instanceof Promise ? decision.then((settled) => settle(exchange, settled)) : settle(exchange, decision);
  };

  return {
    async checkKey(exchange) {
      const principal = await authenticate(exchange.req.headers.authorization, { clientAddress: exchange.clientAddress });
      exchange.authenticated(principal);
      return principal;
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
    readText: (exchange) => readBodyText(exchange.req, bodyLimits),
    readJson: (exchange) => readJsonBody(exchange.req, bodyLimits),
    bodyLimits,
  };
}

function checkedPrincipal(exchange: Exchange): Principal {
  const principal = exchange.principal;
  if (principal === undefined) throw new Error('operations are admitted before the key was checked');
  return principal;
}

/** Every answer after the charge tells the caller what is left, refusals included. */
function settle(exchange: Exchange, decision: RateLimitDecision): void {
  exchange.charged(decision);
  if (!decision.allowed) throw rateLimitedError(decision);
}
