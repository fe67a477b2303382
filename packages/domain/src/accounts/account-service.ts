import { DomainError } from '../errors/domain-error.js';
import type { Clock } from '../clock/clock.js';
import { displayPrefix, generateApiKey, hashApiKey, randomId } from '../auth/api-key.js';
import type { Account, ApiKeyRecord, KeyStore } from '../auth/ports.js';

/** A key as shown to its owner: the secret itself only once, when it is created. */
export interface IssuedKey {
  id: string;
  accountId: string;
  prefix: string;
  key: string;
  createdAt: Date;
}

export type KeySummary = Omit<ApiKeyRecord, 'hash'>;

/** Accounts and their API keys, as the contract's "create an account and generate a key". */
export class AccountService {
  constructor(private readonly deps: { keys: KeyStore; clock: Clock }) {}

  async createAccount(name: string): Promise<Account> {
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > 200) {
      throw new DomainError('invalid_request', 'name: must be a non-blank string of at most 200 characters');
    }
    const account: Account = { id: randomId('acc'), name: trimmed, createdAt: this.deps.clock.now() };
    await this.deps.keys.insertAccount(account);
    return account;
  }

  /** Issues a new random key, or registers `presetKey` (the embedded store's dev key). */
  async createKey(accountId: string, presetKey?: string): Promise<IssuedKey> {
    if (!(await this.deps.keys.getAccount(accountId))) {
      throw new DomainError('not_found', `account ${accountId} does not exist`);
    }
    const key = presetKey ?? generateApiKey();
    const record: ApiKeyRecord = {
      id: randomId('key'),
      accountId,
      hash: hashApiKey(key),
      prefix: displayPrefix(key),
      createdAt: this.deps.clock.now(),
      revokedAt: null,
    };
    await this.deps.keys.insertKey(record);
    return { id: record.id, accountId, prefix: record.prefix, key, createdAt: record.createdAt };
  }

  async listKeys(accountId: string): Promise<KeySummary[]> {
    if (!(await this.deps.keys.getAccount(accountId))) {
      throw new DomainError('not_found', `account ${accountId} does not exist`);
    }
    const keys = await this.deps.keys.listKeys(accountId);
    return keys.map(({ hash: _hash, ...summary }) => summary);
  }

  async revokeKey(keyId: string): Promise<KeySummary> {
    const record = await this.deps.keys.revokeKey(keyId, this.deps.clock.now());
    if (!record) throw new DomainError('not_found', `key ${keyId} does not exist`);
    const { hash: _hash, ...summary } = record;
    return summary;
  }
}
