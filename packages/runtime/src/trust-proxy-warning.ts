import type { Config } from './config.js';

/**
 * Logs at start-up what a hop count in PETSTORE_TRUST_PROXY means. With a count, the service
 * believes the X-Forwarded-For entries that many hops from the right from whoever connects, so a
 * client that reaches it directly, not through the proxies, writes its own address there: a fresh
 * allowance at every budget per client (sign-in, passkeys, made-up keys, mail), and another's
 * address to spend theirs. Counts are kept, as operators expect them (Express's `trust proxy`);
 * the proxies' addresses or ranges are believed only from those proxies.
 */
export function warnOfHopCount(
  config: Pick<Config, 'PETSTORE_TRUST_PROXY'>,
  logger: { warn: (fields: { component: string; hops: number }, message: string) => void },
): void {
  const trusted = config.PETSTORE_TRUST_PROXY;
  if (!('hops' in trusted) || trusted.hops === 0) return;
  logger.warn(
    { component: 'config', hops: trusted.hops },
    `PETSTORE_TRUST_PROXY is a number of proxies (${trusted.hops}): X-Forwarded-For is believed from whoever connects, ` +
      'so this service must be reachable only through those proxies, or a client chooses the address its budgets are counted by; ' +
      "naming the proxies' addresses or ranges instead (e.g. PETSTORE_TRUST_PROXY=10.0.0.0/8) is preferred",
  );
}
