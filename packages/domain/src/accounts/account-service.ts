import { DomainError } from '../errors/domain-error.js';
import { parseOrThrow } from '../validation/parse.js';
import { DisplayName, KeyName } from './display-name.js';
import type { Clock } from '../clock/clock.js';
import { randomId } from '../auth/api-key.js';
import type { KeyEnvironment } from '../auth/key-environment.js';
import type { KeyTags } from '../auth/key-tag.js';
import { whyKeyRefused } from '../auth/key-validity.js';
import type { Account, ApiKeyRecord, KeyChanges, KeyKind, KeyStore } from '../auth/ports.js';
import { AuditTrail, changesBetween, initialValues, type AuditActor } from '../audit/audit-trail.js';
import type { AuditLog, AuditQuery, AuditRecord } from '../audit/ports.js';
import { checkExpiry, checkRateLimit, checkScopes, DEFAULT_ROLL_OVERLAP_SECONDS, OverlapSeconds } from '../keys/key-settings.js';
import { checkOrigins } from '../keys/key-kind-settings.js';
import { checkKindChange, kindSettings } from '../keys/key-kinds.js';
import { nextRollGeneration, overlapEnd } from '../keys/roll-generation.js';
import { issued, newKey, summarise, type IssuedKey, type KeySummary } from '../keys/key-views.js';

export interface AccountServiceDeps {
  keys: KeyStore;
  audit: AuditLog;
  clock: Clock;
  /** Who makes this process's changes, for the audit trail: PETSTORE_ACTOR, or the operating-system user. */
  actor: string;
  /** The environment new keys' text names (see keyEnvironmentOf); test when absent, as for a development service. */
  keyEnvironment?: KeyEnvironment;
  /** What new keys are tagged under, as every instance checks them (see KeyTags). */
  keyTags: KeyTags;
}

export interface KeyOptions {
  /** What its owner calls the key; none (null) when absent. */
  name?: string | null;
  /** Both pet scopes when absent. */
  scopes?: readonly string[];
  /** Never when absent or null. */
  expiresAt?: Date | null;
  /** The service's PETSTORE_RATE_LIMIT when absent or null. */
  rateLimit?: number | null;
  /**
   * Registers this key instead of making one up (the embedded store's dev key): any text but one of
   * the tagged shape with a tag the service would refuse.
   */
  presetKey?: string;
  /** `secret` when absent; a `browser` key holds only pets:read and needs its origins (see checkKind). */
  kind?: KeyKind;
  /** A browser key's allowed origins; none for a secret key. */
  origins?: readonly string[];
  /** The new key's id, made up beforehand by a caller that must name it before it exists (an idempotent create's claim). */
  keyId?: string;
  /** Who asks, when it is not this process's actor (a person or a key over HTTP). */
  by?: AuditActor;
}

export interface KeyUpdate {
  /** null takes the name away. */
  name?: string | null;
  scopes?: readonly string[];
  /** null goes back to the service's default. */
  rateLimit?: number | null;
  /** A browser key's allowed origins (only a browser key has them). */
  origins?: readonly string[];
}

export interface RolledKey {
  key: IssuedKey;
  /** The key rolled, with the end of its overlap. */
  replaced: KeySummary;
}

/**
 * Accounts and their API keys, as the contract's "create an account and generate a key", with
 * what a key may do, for how long and how often; every change is in the audit trail before it is
 * made (see AuditTrail).
 */
export class AccountService {
  private readonly trail: AuditTrail;
  private readonly keyEnvironment: KeyEnvironment;

  constructor(private readonly deps: AccountServiceDeps) {
    this.trail = new AuditTrail({ log: deps.audit, clock: deps.clock, actor: deps.actor });
    this.keyEnvironment = deps.keyEnvironment ?? 'test';
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

  async createKey(accountId: string, options: KeyOptions = {}): Promise<IssuedKey> {
    const now = this.deps.clock.now();
    const name = checkName(options.name ?? null);
    const { kind, scopes, origins } = kindSettings(options.kind ?? 'secret', options.scopes, options.origins);
    const settings = {
      name,
      scopes,
      expiresAt: checkExpiry(options.expiresAt ?? null, now),
      rateLimit: checkRateLimit(options.rateLimit ?? null),
      kind,
      origins,
    };
    const text = options.presetKey === undefined ? this.deps.keyTags.newKey(this.keyEnvironment, kind) : this.presetKey(options.presetKey);
    await this.requireAccount(accountId);
    const { record, key } = newKey(accountId, settings, now, {
      key: text,
      keyId: options.keyId,
      createdBy: options.by?.actor ?? this.deps.actor,
    });
    // A secret key's record stays as it was before kinds existed; a browser key's says what makes it one.
    const { kind: _kind, origins: _origins, ...secretSettings } = settings;
    const recorded = kind === 'browser' ? settings : secretSettings;
    await this.trail.record('key.created', { accountId, keyId: record.id }, initialValues(recorded), options.by);
    await this.deps.keys.insertKey(record);
    return issued(record, key);
  }

  /** Changes a key's name, scopes, rate limit or (a browser key's) origins; a change to what it already is records nothing. */
  async updateKey(keyId: string, update: KeyUpdate, by?: AuditActor): Promise<KeySummary> {
    const wanted: KeyChanges = {};
    if (update.name !== undefined) wanted.name = checkName(update.name);
    if (update.scopes !== undefined) wanted.scopes = checkScopes(update.scopes);
    if (update.rateLimit !== undefined) wanted.rateLimit = checkRateLimit(update.rateLimit);
    if (update.origins !== undefined) wanted.origins = checkOrigins(update.origins);
    if (Object.keys(wanted).length === 0)
      throw new DomainError('invalid_request', 'give the name, the scopes, the rate limit or (of a browser key) the origins to change');
    const current = await this.liveKey(keyId);
    checkKindChange(current, wanted);
    const before = { name: current.name, scopes: current.scopes, rateLimit: current.rateLimit, origins: current.origins };
    const changes = changesBetween(before, wanted);
    if (Object.keys(changes).length === 0) return summarise(current);
    await this.trail.record('key.updated', { accountId: current.accountId, keyId }, changes, by);
    return summarise(this.found(keyId, await this.deps.keys.updateKey(keyId, wanted)));
  }

  /**
   * Issues a new key with the same account, scopes, expiry and limit, and ends the old one after
   * `overlapSeconds` (24 h by default; 0 ends it now; at most MAX_ROLL_OVERLAP_SECONDS), so
   * consumers move over without downtime.
   * Rolls racing for one key are decided by the store's roll decision, atomic on every server:
   * the replacement is inserted pending (never usable), and only the roll that won makes it
   * usable, changes the old key and records `key.rolled`; the others delete theirs.
   */
  async rollKey(keyId: string, options: { overlapSeconds?: number; by?: AuditActor } = {}): Promise<RolledKey> {
    const overlap = parseOrThrow(OverlapSeconds, options.overlapSeconds ?? DEFAULT_ROLL_OVERLAP_SECONDS, 'overlapSeconds');
    const old = await this.liveKey(keyId);
    const now = this.deps.clock.now();
    const generation = await nextRollGeneration(this.deps.keys, old);
    const settings = { name: old.name, scopes: old.scopes, expiresAt: old.expiresAt, rateLimit: old.rateLimit, kind: old.kind, origins: old.origins };
    const { record, key } = newKey(old.accountId, settings, now, {
      key: this.deps.keyTags.newKey(this.keyEnvironment, old.kind),
      rolledInto: { lineageId: old.lineageId },
      createdBy: options.by?.actor ?? this.deps.actor,
    });
    await this.deps.keys.insertKey(record);
    const replacement = { replacedBy: record.id, overlapEndsAt: overlapEnd(old, now, overlap) };
    const { won, decision } = await this.deps.keys.decideRoll({
      keyId,
      generation,
      replacementId: record.id,
      overlapEndsAt: replacement.overlapEndsAt,
    });
    if (!won) {
      await this.deps.keys.discardKey(record.id);
      throw new DomainError('conflict', `key ${keyId} was rolled at the same time by someone else; its replacement is ${decision.replacementId}`);
    }
    const before = { replacedBy: old.replacedBy, overlapEndsAt: old.overlapEndsAt };
    await this.trail.record('key.rolled', { accountId: old.accountId, keyId }, changesBetween(before, replacement), options.by);
    const replaced = this.found(keyId, await this.deps.keys.replaceKey(keyId, replacement));
    const active = this.found(record.id, await this.deps.keys.activateKey(record.id));
    return { key: issued(active, key), replaced: summarise(replaced) };
  }

  async listKeys(accountId: string): Promise<KeySummary[]> {
    await this.requireAccount(accountId);
    const keys = await this.deps.keys.listKeys(accountId);
    return keys.map(summarise);
  }

  /** Revokes a key once: revocations racing are decided by the store, and the first instant is kept. */
  async revokeKey(keyId: string, by?: AuditActor): Promise<KeySummary> {
    const current = this.found(keyId, await this.deps.keys.getKey(keyId));
    if (current.revokedAt !== null) return summarise(current);
    const { won, decision: at } = await this.deps.keys.decideRevocation(keyId, this.deps.clock.now());
    if (won) await this.trail.record('key.revoked', { accountId: current.accountId, keyId }, initialValues({ revokedAt: at }), by);
    // Every revoker writes the instant decided, so one that ran after a revoker died mid-way completes it.
    return summarise(this.found(keyId, await this.deps.keys.revokeKey(keyId, at)));
  }

  /** The audit trail, newest first. */
  async listAudit(query: AuditQuery = {}): Promise<AuditRecord[]> {
    if (query.accountId !== undefined) await this.requireAccount(query.accountId);
    return this.deps.audit.list(query);
  }

  /** A preset key the service will accept: one it would refuse unlooked-up, for a tag no secret makes, is not registered. */
  private presetKey(key: string): string {
    if (this.deps.keyTags.verdict(key) !== 'forged') return key;
    throw new DomainError(
      'invalid_request',
      'the key has the shape of a tagged key (a psk_ prefix naming its kind and environment, then 59 characters) but no tag of ' +
        "this service's secrets, so the service would refuse it: choose text of another shape, or tag keys under the secrets it was made with",
    );
  }

  /** A key that may still be changed: not revoked, not expired (nor past a roll's overlap), not a pending replacement. */
  private async liveKey(keyId: string): Promise<ApiKeyRecord> {
    const record = this.found(keyId, await this.deps.keys.getKey(keyId));
    if (record.revokedAt !== null) throw new DomainError('conflict', `key ${keyId} is revoked`);
    if (record.rollPending) throw new DomainError('conflict', `key ${keyId} is a replacement whose roll has not completed; it cannot be changed`);
    if (whyKeyRefused(record, this.deps.clock.now()) !== undefined) {
      const replaced = record.replacedBy !== null && record.overlapEndsAt !== null && record.overlapEndsAt <= this.deps.clock.now();
      throw new DomainError(
        'conflict',
        replaced
          ? `key ${keyId} was rolled and its overlap has ended; its replacement is ${record.replacedBy}`
          : `key ${keyId} has expired; create a new key instead`,
      );
    }
    return record;
  }

  private async setSuspension(accountId: string, at: Date | null): Promise<Account> {
    const current = await this.existingAccount(accountId);
    if ((current.suspendedAt === null) === (at === null)) return current;
    const action = at === null ? 'account.resumed' : 'account.suspended';
    await this.trail.record(action, { accountId }, changesBetween({ suspendedAt: current.suspendedAt }, { suspendedAt: at }));
    return this.existing(accountId, await this.deps.keys.setAccountSuspension(accountId, at));
  }

  private found(keyId: string, record: ApiKeyRecord | null): ApiKeyRecord {
    if (!record) throw new DomainError('not_found', `key ${keyId} does not exist`);
    return record;
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

/** A key's name as KeyName allows it, or null for none. */
function checkName(name: string | null): string | null {
  return name === null ? null : parseOrThrow(KeyName, name, 'name');
}
