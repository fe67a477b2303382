import type { Account, ApiKeyRecord, KeyStore } from '@petstore/domain';
import type { Collection, Db } from 'mongodb';
import { accountsCollection, apiKeysCollection } from './collections.js';
import { withDriverErrors } from './driver-errors.js';
import { insertUnique } from './insert-unique.js';
import {
  fromAccountDocument,
  fromApiKeyDocument,
  toAccountDocument,
  toApiKeyDocument,
  type AccountDocument,
  type ApiKeyDocument,
} from './key-documents.js';

export class MongoKeyStore implements KeyStore {
  private readonly accounts: Collection<AccountDocument>;
  private readonly keys: Collection<ApiKeyDocument>;

  constructor(db: Db) {
    this.accounts = accountsCollection(db);
    this.keys = apiKeysCollection(db);
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

  insertKey(key: ApiKeyRecord): Promise<void> {
    return insertUnique(this.keys, toApiKeyDocument(key), `key ${key.id} already exists`);
  }

  findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    return withDriverErrors(async () => {
      const document = await this.keys.findOne({ hash: { $eq: hash } });
      return document && fromApiKeyDocument(document);
    });
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

  revokeKey(id: string, at: Date): Promise<ApiKeyRecord | null> {
    return withDriverErrors(async () => {
      // The revokedAt: null condition keeps the first revocation instant when revoked again.
      await this.keys.updateOne({ _id: { $eq: id }, revokedAt: null }, { $set: { revokedAt: at } });
      const document = await this.keys.findOne({ _id: { $eq: id } });
      return document && fromApiKeyDocument(document);
    });
  }
}
