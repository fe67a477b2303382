import { DomainError } from '../errors/domain-error.js';
import { parseOrThrow } from '../validation/parse.js';
import { DisplayName } from './display-name.js';
import type { Clock } from '../clock/clock.js';
import { randomId } from '../auth/api-key.js';
import type { Account, KeyStore } from '../auth/ports.js';
import { AuditTrail, changesBetween, initialValues, type AuditActor } from '../audit/audit-trail.js';
import type { AuditLog, AuditQuery, AuditRecord } from '../audit/ports.js';

export interface AccountServiceDeps {
  keys: KeyStore;
  audit: AuditLog;
  clock: Clock;
  /** Who makes this process's changes, for the audit trail: PETSTORE_ACTOR, or the operating-system user. */
  actor: string;
}

/**
 * Accounts, as the contract's "create an account" (its keys are the key service's, KeyService),
 * and the operator's reading of the audit trail; every change is in the audit trail before it is
 * made (see AuditTrail).
 */
export class AccountService {
  private readonly trail: AuditTrail;

  constructor(private readonly deps: AccountServiceDeps) {
    this.trail = new AuditTrail({ log: deps.audit, clock: deps.clock, actor: deps.actor });
  }

  /** `by` names who asked when it is not this process's actor: the person signing up. */
  async createAccount(name: string, by?: AuditActor): Promise<Account> {
    const account: Account = {
      id: randomId('acc'),
      name: parseOrThrow(DisplayName, name, 'name'),
      createdAt: this.deps.clock.now(),
      suspendedAt: null,
    };
    await this.trail.record('account.created', { accountId: account.id }, initialValues({ name: account.name }), by);
    await this.deps.keys.insertAccount(account);
    return account;
  }

  /** Every account, oldest first. */
  listAccounts(): Promise<Account[]> {
    return this.deps.keys.listAccounts();
  }

  /**
   * Suspends an account: its keys are refused with 401 saying so (through another instance, within
   * PETSTORE_KEY_CACHE_SECONDS) and its people cannot sign in. Suspending a suspended account
   * changes nothing and records nothing, keeping the instant it was suspended.
   */
  suspendAccount(accountId: string): Promise<Account> {
    return this.setSuspension(accountId, this.deps.clock.now());
  }

  /** Lifts a suspension; resuming an account that is not suspended changes nothing and records nothing. */
  resumeAccount(accountId: string): Promise<Account> {
    return this.setSuspension(accountId, null);
  }

  /** The audit trail, newest first. */
  async listAudit(query: AuditQuery = {}): Promise<AuditRecord[]> {
    if (query.accountId !== undefined) await this.requireAccount(query.accountId);
    return this.deps.audit.list(query);
  }

  private async setSuspension(accountId: string, at: Date | null): Promise<Account> {
    const current = await this.existingAccount(accountId);
    if ((current.suspendedAt === null) === (at === null)) return current;
    const action = at === null ? 'account.resumed' : 'account.suspended';
    await this.trail.record(action, { accountId }, changesBetween({ suspendedAt: current.suspendedAt }, { suspendedAt: at }));
    return this.existing(accountId, await this.deps.keys.setAccountSuspension(accountId, at));
  }

  private async requireAccount(accountId: string): Promise<void> {
    await this.existingAccount(accountId);
  }

  private async existingAccount(accountId: string): Promise<Account> {
    return this.existing(accountId, await this.deps.keys.getAccount(accountId));
  }

  private existing(accountId: string, account: Account | null): Account {
    if (!account) throw new DomainError('not_found', `account ${accountId} does not exist`);
    return account;
  }
}
