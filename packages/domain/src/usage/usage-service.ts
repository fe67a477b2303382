import type { Clock } from '../clock/clock.js';
import { DomainError } from '../errors/domain-error.js';
import type { ManagementCaller } from '../management/ports.js';
import { parseOrThrow } from '../validation/parse.js';
import { DEPRECATION_REPORT_DAYS, deprecatedOperations, deprecationReport, type DeprecationReport } from './deprecation-report.js';
import { bucketStart, DAY_MS, type UsageStore } from './ports.js';
import { UsageQueryInput, usageFilter } from './usage-query.js';
import { usageReport, type UsageReport } from './usage-report.js';

export interface UsageServiceDeps {
  store: UsageStore;
  clock: Clock;
}

/**
 * What the metered calls say: an account's usage by key, operation, door and outcome, and who still
 * calls a deprecated operation. A caller sees its own account's and nothing else; the operator's
 * command line names the account.
 */
export class UsageService {
  constructor(private readonly deps: UsageServiceDeps) {}

  /** getUsage: `input` as the query string gives it, checked here (400 naming the filter). */
  async getUsage(caller: ManagementCaller, input: unknown): Promise<UsageReport> {
    return this.usageOfAccount(accountOf(caller), input);
  }

  async getDeprecationReport(caller: ManagementCaller): Promise<DeprecationReport> {
    return this.deprecationReportOfAccount(accountOf(caller));
  }

  async usageOfAccount(accountId: string, input: unknown): Promise<UsageReport> {
    const filter = usageFilter(accountId, parseOrThrow(UsageQueryInput, input, 'query'), this.deps.clock.now());
    return usageReport(filter, await this.deps.store.find(filter));
  }

  async deprecationReportOfAccount(accountId: string): Promise<DeprecationReport> {
    const now = this.deps.clock.now();
    const to = new Date(bucketStart(now.getTime(), 'day') + DAY_MS);
    const from = new Date(to.getTime() - DEPRECATION_REPORT_DAYS * DAY_MS);
    const buckets = [];
    for (const { name } of deprecatedOperations()) {
      buckets.push(...(await this.deps.store.find({ accountId, granularity: 'day', from, to, operation: name })));
    }
    return deprecationReport({ from, to }, buckets, now);
  }
}

/** The caller's account; a management key must hold keys:read (a person holds every scope). */
function accountOf(caller: ManagementCaller): string {
  if (caller.kind === 'key' && !caller.scopes.includes('keys:read')) throw new DomainError('forbidden', 'this key lacks the keys:read scope');
  return caller.accountId;
}
