import type { Account, ApiKeyRecord, Decided, KeyChanges, KeyReplacement, RollDecision } from '@petstore/domain';
import type { WritableKeyStore } from '@petstore/domain/key-writes';
import type { Collection, Db, Filter, UpdateFilter } from 'mongodb';
import { accountsCollection, apiKeysCollection } from './collections.js';
import { withDriverErrors } from './driver-errors.js';
import { insertUnique } from './insert-unique.js';
import { MongoKeyDecisions } from './mongo-key-decisions.js';
import {
  fromAccountDocument,
  fromApiKeyDocument,
  toAccountDocument,
  toApiKeyDocument,
  type AccountDocument,
  type ApiKeyDocument,
} from './key-documents.js';

export class MongoKeyStore implements WritableKeyStore {
  private readonly accounts: Collection<AccountDocument>;
  private readonly keys: Collection<ApiKeyDocument>;
  private readonly decisions: MongoKeyDecisions;

  constructor(db: Db) {
    this.accounts = accountsCollection(db);
    this.keys = apiKeysCollection(db);
    this.decisions = new MongoKeyDecisions(db);
  }

  insertAccount(account: Account): Promise<void> {
    return insertUnique(this.accounts, toAccountDocument(account), `account ${account.id} already exists`);
  }

  getAccount(id: string): Promise<Account | null> {
    return withDriverErrors(async () => {
      const document = await this.accounts.findOne({ _id: { $eq: id } });
      return document && fromAccountDocument(document);
    });
  }

  listAccounts(): Promise<Account[]> {
    return withDriverErrors(async () => {
      const documents = await this.accounts.find({}).sort({ createdAt: 1, _id: 1 }).toArray();
      return documents.map(fromAccountDocument);
    });
  }

  setAccountSuspension(id: string, at: Date | null): Promise<Account | null> {
    return withDriverErrors(async () => {
      await this.accounts.updateOne({ _id: { $eq: id } }, { $set: { suspendedAt: at } });
      return this.getAccount(id);
    });
  }

  insertKey(key: ApiKeyRecord): Promise<void> {
    return insertUnique(this.keys, toApiKeyDocument(key), `key ${key.id} already exists`);
  }

  getKey(id: string): Promise<ApiKeyRecord | null> {
    return this.findOne({ _id: { $eq: id } });
  }

  findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    return this.findOne({ hash: { $eq: hash } });
  }

  listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return withDriverErrors(async () => {
      const documents = await this.keys
        .find({ accountId: { $eq: accountId } })
        .sort({ createdAt: 1, _id: 1 })
        .toArray();
      return documents.map(fromApiKeyDocument);
    });
  }

  updateKey(id: string, changes: KeyChanges): Promise<ApiKeyRecord | null> {
    const set: Partial<ApiKeyDocument> = {};
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.scopes !== undefined) set.scopes = [...changes.scopes];
    if (changes.rateLimit !== undefined) set.rateLimit = changes.rateLimit;
    if (changes.origins !== undefined) set.origins = [...changes.origins];
    return this.updateThenRead(id, { _id: { $eq: id } }, { $set: set });
  }

  decideRoll(decision: RollDecision): Promise<Decided<RollDecision>> {
    return this.decisions.decideRoll(decision);
  }

  latestRoll(keyId: string): Promise<RollDecision | null> {
    return this.decisions.latestRoll(keyId);
  }

  decideRevocation(keyId: string, at: Date): Promise<Decided<Date>> {
    return this.decisions.decideRevocation(keyId, at);
  }

  /** Only the winner of the roll decision writes this, so a plain update is enough. */
  replaceKey(id: string, replacement: KeyReplacement): Promise<ApiKeyRecord | null> {
    return this.updateThenRead(id, { _id: { $eq: id } }, { $set: { ...replacement } });
  }

  activateKey(id: string): Promise<ApiKeyRecord | null> {
    return this.updateThenRead(id, { _id: { $eq: id } }, { $set: { rollPending: false } });
  }

  discardKey(id: string): Promise<void> {
    return withDriverErrors(async () => {
      await this.keys.deleteOne({ _id: { $eq: id }, rollPending: { $eq: true } });
    });
  }

  revokeKey(id: string, at: Date): Promise<ApiKeyRecord | null> {
    // Every revoker writes the instant its decision kept, so this condition never has to decide a race.
    return this.updateThenRead(id, { _id: { $eq: id }, revokedAt: null }, { $set: { revokedAt: at } });
  }

  recordKeyUse(id: string, at: Date): Promise<void> {
    return withDriverErrors(async () => {
      // $max never moves the instant back, whichever instance's write lands last.
      await this.keys.updateOne({ _id: { $eq: id } }, { $max: { lastUsedAt: at } });
    });
  }

  private updateThenRead(id: string, filter: Filter<ApiKeyDocument>, update: UpdateFilter<ApiKeyDocument>): Promise<ApiKeyRecord | null> {
    return withDriverErrors(async () => {
      await this.keys.updateOne(filter, update);
      const document = await this.keys.findOne({ _id: { $eq: id } });
      return document && fromApiKeyDocument(document);
    });
  }

  private findOne(filter: Filter<ApiKeyDocument>): Promise<ApiKeyRecord | null> {
    return withDriverErrors(async () => {
      const document = await this.keys.findOne(filter);
      return document && fromApiKeyDocument(document);
    });
  }
}
