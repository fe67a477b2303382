import type { Clock } from '../clock/clock.js';
import type { WritableKeyStore } from '../keys/key-writes.js';
import type { Account, ApiKeyRecord, Decided, KeyChanges, KeyReplacement, RollDecision } from './ports.js';

export interface KeyCacheOptions {
  /** How long a looked-up key record (or its absence) is believed without asking the store again. */
  lifetimeSeconds: number;
  /** Most records kept, and separately most unknown keys kept: a flood of made-up keys cannot push out real ones. */
  maxEntries: number;
  clock: Clock;
}

interface Entry<T = ApiKeyRecord | null> {
  lookup: Promise<T>;
  expires: number;
}

/**
 * A key store that remembers key lookups for a short lifetime, so most key checks cost no round
 * trip to the database. A key created, changed (scopes, limit), rolled or revoked through this
 * store is seen at once; through another instance or the CLI, within the lifetime. The record
 * carries its own instants (expiry, end of a roll's overlap), so those hold exactly even while it
 * is remembered. Concurrent checks of one key share one lookup. Accounts (what the key check
 * reads of them: a suspension) are remembered the same way, so a suspension made elsewhere is seen
 * within the same lifetime, and one made through this store at once.
 */
export class CachedKeyStore implements WritableKeyStore {
  private readonly known = new Map<string, Entry>();
  private readonly unknown = new Map<string, Entry>();
  private readonly accounts = new Map<string, Entry<Account | null>>();
  private readonly lifetimeMs: number;

  constructor(
    private readonly store: WritableKeyStore,
    private readonly options: KeyCacheOptions,
  ) {
    this.lifetimeMs = options.lifetimeSeconds * 1000;
  }

  findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    const now = this.options.clock.now().getTime();
    const cached = this.known.get(hash) ?? this.unknown.get(hash);
    if (cached && cached.expires > now) return cached.lookup;
    this.forget(hash);
    const lookup = this.store.findKeyByHash(hash);
    const entry: Entry = { lookup, expires: now + this.lifetimeMs };
    // Until it settles the lookup is shared from the bounded map of unknown keys; a failure is not remembered.
    remember(this.unknown, hash, entry, this.options.maxEntries);
    lookup.then(
      (record) => {
        if (this.unknown.get(hash) !== entry || record === null) return;
        this.unknown.delete(hash);
        remember(this.known, hash, entry, this.options.maxEntries);
      },
      () => {
        if (this.unknown.get(hash) === entry) this.unknown.delete(hash);
      },
    );
    return lookup;
  }

  async insertKey(key: ApiKeyRecord): Promise<void> {
    await this.store.insertKey(key);
    this.forget(key.hash);
  }

  async revokeKey(id: string, at: Date): Promise<ApiKeyRecord | null> {
    return this.forgetting(await this.store.revokeKey(id, at));
  }

  async updateKey(id: string, changes: KeyChanges): Promise<ApiKeyRecord | null> {
    return this.forgetting(await this.store.updateKey(id, changes));
  }

  async replaceKey(id: string, replacement: KeyReplacement): Promise<ApiKeyRecord | null> {
    return this.forgetting(await this.store.replaceKey(id, replacement));
  }

  async activateKey(id: string): Promise<ApiKeyRecord | null> {
    return this.forgetting(await this.store.activateKey(id));
  }

  /** Only a pending key is discarded: its secret never left the roll that made it, so no check remembers it. */
  discardKey(id: string): Promise<void> {
    return this.store.discardKey(id);
  }

  /** Decisions are not what the key check reads; the changes that follow them are forgotten above. */
  decideRoll(decision: RollDecision): Promise<Decided<RollDecision>> {
    return this.store.decideRoll(decision);
  }

  latestRoll(keyId: string): Promise<RollDecision | null> {
    return this.store.latestRoll(keyId);
  }

  decideRevocation(keyId: string, at: Date): Promise<Decided<Date>> {
    return this.store.decideRevocation(keyId, at);
  }

  /** Not a change the key check reads, so the remembered record stays. */
  recordKeyUse(id: string, at: Date): Promise<void> {
    return this.store.recordKeyUse(id, at);
  }

  getKey(id: string): Promise<ApiKeyRecord | null> {
    return this.store.getKey(id);
  }

  async insertAccount(account: Account): Promise<void> {
    await this.store.insertAccount(account);
    this.accounts.delete(account.id);
  }

  /** Only accounts found are remembered: one created elsewhere is found as soon as it exists. */
  getAccount(id: string): Promise<Account | null> {
    const now = this.options.clock.now().getTime();
    const cached = this.accounts.get(id);
    if (cached && cached.expires > now) return cached.lookup;
    const entry = { lookup: this.store.getAccount(id), expires: now + this.lifetimeMs };
    remember(this.accounts, id, entry, this.options.maxEntries);
    const forgetUnlessFound = (account: Account | null) => {
      if (account === null && this.accounts.get(id) === entry) this.accounts.delete(id);
    };
    entry.lookup.then(forgetUnlessFound, () => forgetUnlessFound(null));
    return entry.lookup;
  }

  listAccounts(): Promise<Account[]> {
    return this.store.listAccounts();
  }

  async setAccountSuspension(id: string, at: Date | null): Promise<Account | null> {
    const account = await this.store.setAccountSuspension(id, at);
    this.accounts.delete(id);
    return account;
  }

  listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return this.store.listKeys(accountId);
  }

  private forgetting(record: ApiKeyRecord | null): ApiKeyRecord | null {
    if (record) this.forget(record.hash);
    return record;
  }

  private forget(hash: string): void {
    this.known.delete(hash);
    this.unknown.delete(hash);
  }
}

/** Keeps at most `max` entries, dropping the oldest inserted (Maps iterate in insertion order). */
function remember<T>(map: Map<string, Entry<T>>, id: string, entry: Entry<T>, max: number): void {
  map.set(id, entry);
  if (map.size > max) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
}
