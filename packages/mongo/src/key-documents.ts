import type { Account, ApiKeyRecord } from '@petstore/domain';

export interface AccountDocument {
  _id: string;
  name: string;
  createdAt: Date;
}

export interface ApiKeyDocument {
  _id: string;
  accountId: string;
  hash: string;
  prefix: string;
  createdAt: Date;
  revokedAt: Date | null;
}

export function toAccountDocument({ id, ...rest }: Account): AccountDocument {
  return { _id: id, ...rest };
}

export function fromAccountDocument(document: AccountDocument): Account {
  return { id: document._id, name: document.name, createdAt: document.createdAt };
}

export function toApiKeyDocument({ id, ...rest }: ApiKeyRecord): ApiKeyDocument {
  return { _id: id, ...rest };
}

export function fromApiKeyDocument(document: ApiKeyDocument): ApiKeyRecord {
  return {
    id: document._id,
    accountId: document.accountId,
    hash: document.hash,
    prefix: document.prefix,
    createdAt: document.createdAt,
    revokedAt: document.revokedAt,
  };
}
