import type { AccountService } from '../accounts/account-service.js';
import type { AuditLog } from '../audit/ports.js';
import type { ApiKeyRecord, KeyStore } from '../auth/ports.js';
import { checkScopes } from '../keys/key-settings.js';
import type { Clock } from '../clock/clock.js';
import { DomainError } from '../errors/domain-error.js';
import { membersOfAccount } from '../people/members.js';
import type { PeopleStore } from '../people/ports.js';
import { parseOrThrow } from '../validation/parse.js';
import { accountLimits } from '../keys/account-limits.js';
import { auditPage, auditPageQuery } from './audit-page.js';
import {
  actorOf,
  callerBounds,
  requireHeld,
  requireManage,
  requireNotSelfWidening,
  requireRead,
  requireWithinCaller,
  requireWithinLimit,
} from '../keys/containment.js';
import { KeyCreation } from './key-creation.js';
import type { KeyClaims } from '../keys/key-claims.js';
import { endOf, keyView } from '../keys/key-state.js';
import {
  UpdateKeyInput,
  RollKeyInput,
  type AccountLimits,
  type AccountView,
  type AuditRecordsPage,
  type AuditRecordsQuery,
  type CreateKeyInput,
  type IssuedKeyView,
  type KeyManagement,
  type KeyView,
  type ManagementCaller,
  type ManagementContext,
  type RolledKeyView,
} from './ports.js';

export interface KeyManagementDeps {
  /** Every change goes through it, as the operator's command line's do: one set of rules, one audit trail. */
  accounts: AccountService;
  keys: KeyStore;
  people: PeopleStore;
  audit: AuditLog;
  claims: KeyClaims;
  clock: Clock;
  /** The ceiling of a key's own rate limit: the service's PETSTORE_RATE_LIMIT; null when it sets none. */
  maxRateLimit: number | null;
}

/**
 * The management API's key operations (docs/key-management.md). Each judges its caller here,
 * whatever door admitted it, and works only within the caller's account: a key of another
 * account reads as one that does not exist.
 */
export class KeyManagementService implements KeyManagement {
  private readonly limits: AccountLimits;
  private readonly creation: KeyCreation;

  constructor(private readonly deps: KeyManagementDeps) {
    this.limits = accountLimits(deps.maxRateLimit);
    this.creation = new KeyCreation({ ...deps, limits: this.limits });
  }

  async getAccount(caller: ManagementCaller): Promise<AccountView> {
    requireRead(caller);
    const account = await this.deps.keys.getAccount(caller.accountId);
    if (!account) throw new DomainError('not_found', `account ${caller.accountId} does not exist`);
    const people = await membersOfAccount(this.deps.people, account.id);
    return { ...account, limits: this.limits, people };
  }

  async listKeys(caller: ManagementCaller): Promise<KeyView[]> {
    requireRead(caller);
    const now = this.deps.clock.now();
    const keys = await this.deps.keys.listKeys(caller.accountId);
    // A pending replacement is not a key anyone was given yet: it is listed once its roll has won.
    return keys
      .filter((key) => !key.rollPending)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map((key) => keyView(key, now));
  }

  async getKey(caller: ManagementCaller, keyId: string): Promise<KeyView> {
    requireRead(caller);
    return keyView(await this.ownKey(caller, keyId), this.deps.clock.now());
  }

  createKey(
    caller: ManagementCaller,
    input: CreateKeyInput,
    context: ManagementContext & { idempotencyKey?: string | undefined },
  ): Promise<IssuedKeyView> {
    return this.creation.create(caller, input, context);
  }

  async updateKey(caller: ManagementCaller, keyId: string, input: UpdateKeyInput, context: ManagementContext): Promise<KeyView> {
    requireManage(caller, 'grant');
    const update = parseOrThrow(UpdateKeyInput, input, 'body');
    const target = await this.ownKey(caller, keyId);
    requireNotSelfWidening(caller, target, Object.keys(update));
    // What the key holds after the change, whether or not the change touches it: no caller keeps a key wider than itself.
    requireHeld(caller, update.scopes === undefined ? target.scopes : checkScopes(update.scopes));
    if (update.rateLimit !== undefined) requireWithinLimit(update.rateLimit, this.limits);
    // Nor one that outlives or outruns it: the key as it will stand is judged, as for its scopes.
    const rateLimit = update.rateLimit === undefined ? target.rateLimit : update.rateLimit;
    requireWithinCaller(await this.boundsOf(caller), { endsAt: endOf(target), rateLimit }, this.limits);
    const updated = await this.deps.accounts.updateKey(keyId, update, actorOf(caller, context));
    return keyView(updated, this.deps.clock.now());
  }

  async rollKey(caller: ManagementCaller, keyId: string, input: RollKeyInput, context: ManagementContext): Promise<RolledKeyView> {
    requireManage(caller, 'grant');
    const { overlapSeconds } = parseOrThrow(RollKeyInput, input, 'body');
    const target = await this.ownKey(caller, keyId);
    // The replacement holds the old key's scopes, expiry and limit and is created by the caller: its secret is the caller's to see.
    requireHeld(caller, target.scopes);
    // Nor may the replacement outlive or outrun the caller; so neither can the old key, which stops at that same expiry whatever the overlap.
    requireWithinCaller(await this.boundsOf(caller), { endsAt: target.expiresAt, rateLimit: target.rateLimit }, this.limits);
    const rolled = await this.deps.accounts.rollKey(keyId, {
      ...(overlapSeconds === undefined ? {} : { overlapSeconds }),
      by: actorOf(caller, context),
    });
    const now = this.deps.clock.now();
    const { key, ...replacement } = rolled.key;
    return { key: { ...keyView(replacement, now), key }, replaced: keyView(rolled.replaced, now) };
  }

  async revokeKey(caller: ManagementCaller, keyId: string, context: ManagementContext): Promise<KeyView> {
    requireManage(caller, 'revoke');
    await this.ownKey(caller, keyId);
    return keyView(await this.deps.accounts.revokeKey(keyId, actorOf(caller, context)), this.deps.clock.now());
  }

  async listAuditRecords(caller: ManagementCaller, query: AuditRecordsQuery): Promise<AuditRecordsPage> {
    requireRead(caller);
    const storeQuery = auditPageQuery(caller.accountId, query);
    return auditPage(await this.deps.audit.list(storeQuery), storeQuery);
  }

  private boundsOf(caller: ManagementCaller) {
    return callerBounds(caller, this.deps.keys, this.limits, this.deps.clock.now());
  }

  /** The caller's account's key, or `not_found` for any other (another account's, unknown, or a pending replacement). */
  private async ownKey(caller: ManagementCaller, keyId: string): Promise<ApiKeyRecord> {
    const key = await this.deps.keys.getKey(keyId);
    if (!key || key.accountId !== caller.accountId || key.rollPending) throw new DomainError('not_found', `key ${keyId} does not exist`);
    return key;
  }
}
