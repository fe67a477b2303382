import type { AuditLog } from '../audit/ports.js';
import { AuditTrail, changesBetween, initialValues } from '../audit/audit-trail.js';
import { randomId } from '../auth/api-key.js';
import type { KeyEnvironment } from '../auth/key-environment.js';
import type { KeyTags } from '../auth/key-tag.js';
import { whyKeyRefused } from '../auth/key-validity.js';
import type { ApiKeyRecord } from '../auth/ports.js';
import type { Clock } from '../clock/clock.js';
import { DomainError } from '../errors/domain-error.js';
import { oldestFirst } from '../ordering/oldest-first.js';
import { checkIdempotencyKey } from '../idempotency/idempotency-key.js';
import {
  RollKeyInput,
  type AccountLimits,
  type CreateKeyInput,
  type ManagementCaller,
  type ManagementContext,
  type UpdateKeyInput,
} from '../management/ports.js';
import { parseOrThrow } from '../validation/parse.js';
import { accountLimits, requireRoomForKey } from './account-limits.js';
import type { AccountCaller, KeyCaller, OperatorCaller } from './callers.js';
import {
  actorOf,
  callerBounds,
  requireHeld,
  requireManage,
  requireNotSelfWidening,
  requireRead,
  requireWithinCaller,
  requireWithinLimit,
  type KeyReach,
} from './containment.js';
import { fingerprintCreateKey, type KeyClaims } from './key-claims.js';
import { claimedAlready } from './key-claim-answers.js';
import { checkKindChange } from './key-kinds.js';
import { changesOf, requestOf, type KeyOptions, type KeyUpdate, type RolledKey } from './key-requests.js';
import { DEFAULT_ROLL_OVERLAP_SECONDS } from './key-settings.js';
import { endOf } from './key-state.js';
import { issued, newKey, summarise, type IssuedKey, type KeySummary } from './key-views.js';
import type { WritableKeyStore } from './key-writes.js';
import { nextRollGeneration, overlapEnd } from './roll-generation.js';

export interface KeyServiceDeps {
  keys: WritableKeyStore;
  audit: AuditLog;
  /** The Idempotency-Keys of createKey over HTTP. */
  claims: KeyClaims;
  clock: Clock;
  /** Who makes this process's changes, for the audit trail (the operator's): PETSTORE_ACTOR, or the operating-system user. */
  actor: string;
  /** The environment new keys' text names (see keyEnvironmentOf); test when absent, as for a development service. */
  keyEnvironment?: KeyEnvironment;
  /** What new keys are tagged under, as every instance checks them (see KeyTags). */
  keyTags: KeyTags;
  /** The ceiling of a key's own rate limit: the service's PETSTORE_RATE_LIMIT; null when it sets none. */
  maxRateLimit: number | null;
}

/** Where a request over HTTP comes from, and createKey's Idempotency-Key. */
export type CreateKeyContext = ManagementContext & { idempotencyKey?: string | undefined };

/**
 * The one module that writes keys (docs/key-management.md): create, change, roll, revoke, and the
 * reads of them. Every method takes its caller (a person or a management key over HTTP, or the
 * operator at the command line), judges it, checks what it asked once, and records the change in
 * the audit trail before making it (see AuditTrail). A person or key works only within its own
 * account: another account's key reads as one that does not exist. The management API's bodies
 * are parsed here, after the caller is judged, so a caller who may not ask is told so first.
 */
export class KeyService {
  private readonly trail: AuditTrail;
  private readonly keyEnvironment: KeyEnvironment;
  /** What every account's keys may be given. */
  readonly limits: AccountLimits;

  constructor(private readonly deps: KeyServiceDeps) {
    this.trail = new AuditTrail({ log: deps.audit, clock: deps.clock, actor: deps.actor });
    this.keyEnvironment = deps.keyEnvironment ?? 'test';
    this.limits = accountLimits(deps.maxRateLimit);
  }

  /**
   * Everything that can refuse the request is judged before its Idempotency-Key is claimed, so a
   * refused request leaves the key free for the corrected one; once claimed, the key is created
   * under the id the claim names, and every other request with that Idempotency-Key is answered
   * with the claim (a conflict: the secret was shown once, to the request that created it).
   */
  createKey(caller: ManagementCaller, input: CreateKeyInput, context: CreateKeyContext): Promise<IssuedKey>;
  createKey(caller: OperatorCaller & { accountId: string }, options?: KeyOptions): Promise<IssuedKey>;
  async createKey(caller: AccountCaller, input: KeyOptions = {}, context?: CreateKeyContext): Promise<IssuedKey> {
    requireManage(caller, 'grant');
    const idempotencyKey = context?.idempotencyKey === undefined ? undefined : checkIdempotencyKey(context.idempotencyKey);
    const now = this.deps.clock.now();
    // Only the operator registers a text of its own; anyone else's body is parsed whole, so a `presetKey` in it is an unknown field.
    const { presetKey, ...operatorBody } = input;
    const operator = caller.kind === 'operator';
    const request = requestOf(operator ? operatorBody : input, now);
    const { accountId } = caller;
    if (caller.kind !== 'operator') {
      requireHeld(caller, request.scopes);
      requireWithinLimit(request.rateLimit, this.limits);
      await this.requireContained(caller, { endsAt: request.expiresAt, rateLimit: request.rateLimit });
      requireRoomForKey(await this.deps.keys.listKeys(accountId), this.limits, now);
    }
    const text = !operator || presetKey === undefined ? this.deps.keyTags.newKey(this.keyEnvironment, request.kind) : this.presetKey(presetKey);
    await this.requireAccount(accountId);
    const keyId = randomId('key');
    if (idempotencyKey !== undefined) {
      const claim = { accountId, idempotencyKey, fingerprint: fingerprintCreateKey(request), keyId, createdAt: now };
      const earlier = await this.deps.claims.claim(claim);
      if (earlier) throw await claimedAlready(earlier, claim, this.deps.keys);
    }
    const by = actorOf(caller, context);
    const settings = { ...request, scopes: [...request.scopes], origins: [...request.origins] };
    const { record, key } = newKey(accountId, settings, now, { key: text, keyId, createdBy: by?.actor ?? this.deps.actor });
    // A secret key's record stays as it was before kinds existed; a browser key's says what makes it one.
    const { kind: _kind, origins: _origins, ...secretSettings } = settings;
    const recorded = settings.kind === 'browser' ? settings : secretSettings;
    await this.trail.record('key.created', { accountId, keyId }, initialValues(recorded), by);
    await this.deps.keys.insertKey(record);
    return issued(record, key);
  }

  /** Changes a key's name, scopes, rate limit or (a browser key's) origins; a change to what it already is records nothing. */
  updateKey(caller: ManagementCaller, keyId: string, input: UpdateKeyInput, context: ManagementContext): Promise<KeySummary>;
  updateKey(caller: OperatorCaller, keyId: string, update: KeyUpdate): Promise<KeySummary>;
  async updateKey(caller: KeyCaller, keyId: string, input: UpdateKeyInput, context?: ManagementContext): Promise<KeySummary> {
    requireManage(caller, 'grant');
    const wanted = changesOf(input);
    const current = await this.visibleKey(caller, keyId);
    if (caller.kind !== 'operator') {
      requireNotSelfWidening(caller, current, Object.keys(wanted));
      // What the key holds after the change, whether or not the change touches it: no caller keeps a key wider than itself.
      requireHeld(caller, wanted.scopes ?? current.scopes);
      if (wanted.rateLimit !== undefined) requireWithinLimit(wanted.rateLimit, this.limits);
      // Nor one that outlives or outruns it: the key as it will stand is judged, as for its scopes.
      const rateLimit = wanted.rateLimit === undefined ? current.rateLimit : wanted.rateLimit;
      await this.requireContained(caller, { endsAt: endOf(current), rateLimit });
    }
    this.requireLive(current);
    checkKindChange(current, wanted);
    const before = { name: current.name, scopes: current.scopes, rateLimit: current.rateLimit, origins: current.origins };
    const changes = changesBetween(before, wanted);
    if (Object.keys(changes).length === 0) return summarise(current);
    await this.trail.record('key.updated', { accountId: current.accountId, keyId }, changes, actorOf(caller, context));
    return summarise(this.found(keyId, await this.deps.keys.updateKey(keyId, wanted)));
  }

  /**
   * Issues a new key with the same account, name, kind, scopes, origins, expiry and limit, and ends
   * the old one after `overlapSeconds` (24 h by default; 0 ends it now; at most
   * MAX_ROLL_OVERLAP_SECONDS), so consumers move over without downtime. The new key is the
   * caller's to see, so a person or key rolls only keys within its own bounds.
   * Rolls racing for one key are decided by the store's roll decision, atomic on every server:
   * the replacement is inserted pending (never usable), and only the roll that won makes it
   * usable, changes the old key and records `key.rolled`; the others delete theirs.
   */
  async rollKey(caller: KeyCaller, keyId: string, input: RollKeyInput = {}, context?: ManagementContext): Promise<RolledKey> {
    requireManage(caller, 'grant');
    const { overlapSeconds = DEFAULT_ROLL_OVERLAP_SECONDS } = parseOrThrow(RollKeyInput, input, 'body');
    const old = await this.visibleKey(caller, keyId);
    if (caller.kind !== 'operator') {
      requireHeld(caller, old.scopes);
      // Nor may the replacement outlive or outrun the caller; so neither can the old key, which stops at that same expiry whatever the overlap.
      await this.requireContained(caller, { endsAt: old.expiresAt, rateLimit: old.rateLimit });
    }
    this.requireLive(old);
    const now = this.deps.clock.now();
    const generation = await nextRollGeneration(this.deps.keys, old);
    const by = actorOf(caller, context);
    const settings = { name: old.name, scopes: old.scopes, expiresAt: old.expiresAt, rateLimit: old.rateLimit, kind: old.kind, origins: old.origins };
    const { record, key } = newKey(old.accountId, settings, now, {
      key: this.deps.keyTags.newKey(this.keyEnvironment, old.kind),
      rolledInto: { lineageId: old.lineageId },
      createdBy: by?.actor ?? this.deps.actor,
    });
    await this.deps.keys.insertKey(record);
    const replacement = { replacedBy: record.id, overlapEndsAt: overlapEnd(old, now, overlapSeconds) };
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
    await this.trail.record('key.rolled', { accountId: old.accountId, keyId }, changesBetween(before, replacement), by);
    const replaced = this.found(keyId, await this.deps.keys.replaceKey(keyId, replacement));
    const active = this.found(record.id, await this.deps.keys.activateKey(record.id));
    return { key: issued(active, key), replaced: summarise(replaced) };
  }

  /** Revokes a key once (any key the caller sees: revoking takes power away); revocations racing are decided by the store, and the first instant is kept. */
  async revokeKey(caller: KeyCaller, keyId: string, context?: ManagementContext): Promise<KeySummary> {
    requireManage(caller, 'revoke');
    const current = await this.visibleKey(caller, keyId);
    if (current.revokedAt !== null) return summarise(current);
    const { won, decision: at } = await this.deps.keys.decideRevocation(keyId, this.deps.clock.now());
    if (won)
      await this.trail.record('key.revoked', { accountId: current.accountId, keyId }, initialValues({ revokedAt: at }), actorOf(caller, context));
    // Every revoker writes the instant decided, so one that ran after a revoker died mid-way completes it.
    return summarise(this.found(keyId, await this.deps.keys.revokeKey(keyId, at)));
  }

  /** The account's keys the caller sees, oldest first. */
  async listKeys(caller: AccountCaller): Promise<KeySummary[]> {
    requireRead(caller);
    await this.requireAccount(caller.accountId);
    const keys = await this.deps.keys.listKeys(caller.accountId);
    return keys
      .filter((key) => sees(caller, key))
      .sort(oldestFirst((key) => key.id))
      .map(summarise);
  }

  async getKey(caller: KeyCaller, keyId: string): Promise<KeySummary> {
    requireRead(caller);
    return summarise(await this.visibleKey(caller, keyId));
  }

  /** The key, if the caller sees it; `not_found` otherwise, as for a key that does not exist (see sees). */
  private async visibleKey(caller: KeyCaller, keyId: string): Promise<ApiKeyRecord> {
    const key = await this.deps.keys.getKey(keyId);
    if (!key || !sees(caller, key)) throw new DomainError('not_found', `key ${keyId} does not exist`);
    return key;
  }

  /** A key caller's bounds, read afresh, which the key as it will stand may not pass; none for a person. */
  private async requireContained(caller: ManagementCaller, key: KeyReach): Promise<void> {
    requireWithinCaller(await callerBounds(caller, this.deps.keys, this.limits, this.deps.clock.now()), key, this.limits);
  }

  /** A key that may still be changed: not revoked, not expired (nor past a roll's overlap), not a pending replacement. */
  private requireLive(record: ApiKeyRecord): void {
    const keyId = record.id;
    if (record.revokedAt !== null) throw new DomainError('conflict', `key ${keyId} is revoked`);
    if (record.rollPending) throw new DomainError('conflict', `key ${keyId} is a replacement whose roll has not completed; it cannot be changed`);
    const now = this.deps.clock.now();
    if (whyKeyRefused(record, now) === undefined) return;
    const replaced = record.replacedBy !== null && record.overlapEndsAt !== null && record.overlapEndsAt <= now;
    throw new DomainError(
      'conflict',
      replaced
        ? `key ${keyId} was rolled and its overlap has ended; its replacement is ${record.replacedBy}`
        : `key ${keyId} has expired; create a new key instead`,
    );
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

  private async requireAccount(accountId: string): Promise<void> {
    if (!(await this.deps.keys.getAccount(accountId))) throw new DomainError('not_found', `account ${accountId} does not exist`);
  }

  private found(keyId: string, record: ApiKeyRecord | null): ApiKeyRecord {
    if (!record) throw new DomainError('not_found', `key ${keyId} does not exist`);
    return record;
  }
}

/**
 * Which keys a caller sees: the operator every key, a pending replacement too (to revoke one left
 * by an interrupted roll); a person or key only its own account's keys, and no replacement before
 * its roll has won (no one was given it yet).
 */
function sees(caller: KeyCaller, key: ApiKeyRecord): boolean {
  if (caller.kind === 'operator') return caller.accountId === undefined || key.accountId === caller.accountId;
  return key.accountId === caller.accountId && !key.rollPending;
}
