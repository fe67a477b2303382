import { UNKNOWN_OPERATION, usageOutcome, type UsageDoor, type UsageMeter } from '@petstore/domain';
import type { Door, Exchange } from '../exchange/exchange.js';

/** What the shell counts calls with: the usage meter of the process (packages/domain's usage/usage-meter.ts). */
export type CallMeter = Pick<UsageMeter, 'count'>;

const METERED_DOORS: Readonly<Record<Door, boolean>> = { rest: true, graphql: true, trpc: true, manage: false, ops: false };

/**
 * Counts a request's calls once its answer is done: each catalogue operation a key asked a pet door
 * for, as many times as the request makes it, with the outcome its status says; what the catalogue
 * does not hold but was charged all the same counts as `unknown`. A request whose key
 * was refused (no key is known), or that was refused before its operations were known (a GraphQL
 * document that does not parse), counts nothing. A map increment per operation; no write.
 */
export function meterCalls(meter: CallMeter, exchange: Exchange, status: number): void {
  const { principal, door, asked } = exchange;
  if (principal === undefined || asked === undefined || door === undefined || !METERED_DOORS[door]) return;
  const outcome = usageOutcome(status);
  for (const { operation, calls } of asked) {
    if (calls > 0) meter.count(principal.accountId, principal.keyId, operation?.name ?? UNKNOWN_OPERATION, door as UsageDoor, outcome, calls);
  }
}
