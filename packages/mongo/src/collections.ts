import type { Collection, Db } from 'mongodb';
import type { AuditDocument } from './audit-document.js';
import type { AccountDocument, ApiKeyDocument } from './key-documents.js';
import type { PetDocument } from './pet-document.js';
import type { IdBlockDocument } from './id-block-document.js';
import type { IdempotencyDocument } from './idempotency-document.js';
import type { KeyDecisionDocument } from './key-decision-document.js';
import type { KeyClaimDocument } from './key-claim-document.js';
import type { KeyTagSecretDocument } from './key-tag-secret-document.js';
import type { RateLeaseDocument } from './rate-lease-document.js';
import type { PeopleClaimDocument } from './people-claim-document.js';
import type { UsageDocument } from './usage-document.js';
import type {
  ChallengeDocument,
  InvitationDocument,
  MembershipDocument,
  PasskeyDocument,
  PersonDocument,
  SessionDocument,
  TokenDocument,
} from './people-documents.js';

// Int64 fields must come back as Long whatever their size, so the mappers see one type.
const KEEP_LONGS = { promoteLongs: false } as const;

export const petsCollection = (db: Db): Collection<PetDocument> => db.collection('pets', KEEP_LONGS);
export const idBlocksCollection = (db: Db): Collection<IdBlockDocument> => db.collection('id_blocks', KEEP_LONGS);
export const accountsCollection = (db: Db): Collection<AccountDocument> => db.collection('accounts');
export const apiKeysCollection = (db: Db): Collection<ApiKeyDocument> => db.collection('api_keys');
export const keyDecisionsCollection = (db: Db): Collection<KeyDecisionDocument> => db.collection('key_decisions');
export const idempotencyCollection = (db: Db): Collection<IdempotencyDocument> => db.collection('idempotency_keys', KEEP_LONGS);
export const keyClaimsCollection = (db: Db): Collection<KeyClaimDocument> => db.collection('key_claims');
export const rateLeasesCollection = (db: Db): Collection<RateLeaseDocument> => db.collection('rate_leases');
export const auditCollection = (db: Db): Collection<AuditDocument> => db.collection('audit_log');
export const peopleCollection = (db: Db): Collection<PersonDocument> => db.collection('people');
export const membershipsCollection = (db: Db): Collection<MembershipDocument> => db.collection('memberships');
export const invitationsCollection = (db: Db): Collection<InvitationDocument> => db.collection('invitations');
export const sessionsCollection = (db: Db): Collection<SessionDocument> => db.collection('sessions');
export const tokensCollection = (db: Db): Collection<TokenDocument> => db.collection('one_time_tokens');
export const passkeysCollection = (db: Db): Collection<PasskeyDocument> => db.collection('passkeys');
export const challengesCollection = (db: Db): Collection<ChallengeDocument> => db.collection('webauthn_challenges');
export const peopleClaimsCollection = (db: Db): Collection<PeopleClaimDocument> => db.collection('people_claims');
export const usageCollection = (db: Db): Collection<UsageDocument> => db.collection('usage_buckets');
export const secretsCollection = (db: Db): Collection<KeyTagSecretDocument> => db.collection('secrets');
