import { isScope, PET_SCOPES, type Account, type ApiKeyRecord, type KeyKind } from '@petstore/domain';

/** Accounts made before suspension existed have no suspendedAt: they read as not suspended. */
export interface AccountDocument {
  _id: string;
  name: string;
  createdAt: Date;
  suspendedAt?: Date | null;
}

/**
 * Keys made before names, scopes, expiry, per-key limits, rolls, last use and lineages existed have
 * none of those fields: each reads as what such a key has always been (no name, every scope, no
 * expiry, the service's limit, never rolled, no use recorded, a secret key by nobody recorded), so no
 * migration is needed.
 */
export interface ApiKeyDocument {
  _id: string;
  accountId: string;
  name?: string | null;
  hash: string;
  prefix: string;
  scopes?: string[];
  kind?: KeyKind;
  origins?: string[];
  createdBy?: string | null;
  expiresAt?: Date | null;
  rateLimit?: number | null;
  lastUsedAt?: Date | null;
  replacedBy?: string | null;
  overlapEndsAt?: Date | null;
  createdAt: Date;
  revokedAt: Date | null;
  rollPending?: boolean;
  lineageId?: string;
}

export function toAccountDocument({ id, ...rest }: Account): AccountDocument {
  return { _id: id, ...rest };
}

export function fromAccountDocument(document: AccountDocument): Account {
  return { id: document._id, name: document.name, createdAt: document.createdAt, suspendedAt: document.suspendedAt ?? null };
}

export function toApiKeyDocument({ id, ...rest }: ApiKeyRecord): ApiKeyDocument {
  return { _id: id, ...rest };
}

export function fromApiKeyDocument(document: ApiKeyDocument): ApiKeyRecord {
  return {
    id: document._id,
    accountId: document.accountId,
    name: document.name ?? null,
    hash: document.hash,
    prefix: document.prefix,
    // A scope this version does not know (written by a newer one) grants nothing here.
    scopes: document.scopes === undefined ? [...PET_SCOPES] : document.scopes.filter(isScope),
    kind: document.kind ?? 'secret',
    origins: document.origins ?? [],
    createdBy: document.createdBy ?? null,
    expiresAt: document.expiresAt ?? null,
    rateLimit: document.rateLimit ?? null,
    lastUsedAt: document.lastUsedAt ?? null,
    replacedBy: document.replacedBy ?? null,
    overlapEndsAt: document.overlapEndsAt ?? null,
    createdAt: document.createdAt,
    revokedAt: document.revokedAt,
    rollPending: document.rollPending ?? false,
    // A key made before lineages existed starts its own.
    lineageId: document.lineageId ?? document._id,
  };
}
