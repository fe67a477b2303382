import { MongoServerError, type Db } from 'mongodb';

const NOT_IMPLEMENTED = 238;
import {
  apiKeysCollection,
  auditCollection,
  challengesCollection,
  keyClaimsCollection,
  keyDecisionsCollection,
  idempotencyCollection,
  invitationsCollection,
  membershipsCollection,
  passkeysCollection,
  peopleClaimsCollection,
  peopleCollection,
  petsCollection,
  rateLeasesCollection,
  sessionsCollection,
  tokensCollection,
  usageCollection,
} from './collections.js';
import { withDriverErrors } from './driver-errors.js';

/** How long a client may retry a create with the same Idempotency-Key. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** Creates the indexes every query relies on; safe to call on every start (creation is idempotent). */
export async function ensureIndexes(db: Db): Promise<void> {
  await withDriverErrors(async () => {
    // Serves the status filter in id order, so a filtered page reads only the rows it returns.
    await petsCollection(db).createIndex({ status: 1, _id: 1 }, { name: 'status_id' });
    await apiKeysCollection(db).createIndex({ hash: 1 }, { name: 'hash_unique', unique: true });
    await apiKeysCollection(db).createIndex({ accountId: 1 }, { name: 'account' });
    // A key's latest roll, for rolling it again once its replacement was revoked.
    await keyDecisionsCollection(db).createIndex({ keyId: 1, kind: 1, generation: -1 }, { name: 'key_kind_generation' });
    // `audit list`, newest first, for one account or all of them.
    await auditCollection(db).createIndex({ accountId: 1, at: -1, _id: -1 }, { name: 'account_newest' });
    await auditCollection(db).createIndex({ at: -1, _id: -1 }, { name: 'newest' });
    // The management API's audit filters by key and by actor, a page at a time within an account.
    await auditCollection(db).createIndex({ accountId: 1, keyId: 1, at: -1, _id: -1 }, { name: 'account_key_newest' });
    await auditCollection(db).createIndex({ accountId: 1, actor: 1, at: -1, _id: -1 }, { name: 'account_actor_newest' });
    // One createKey claim per account and Idempotency-Key, whichever instance inserts it.
    await keyClaimsCollection(db).createIndex({ accountId: 1, idempotencyKey: 1 }, { name: 'account_key_unique', unique: true });
    for (const collection of [idempotencyCollection(db), keyClaimsCollection(db)]) {
      await expireWhenOld(() => collection.createIndex({ createdAt: 1 }, { name: 'expiry', expireAfterSeconds: IDEMPOTENCY_TTL_SECONDS }));
    }
    await expireWhenOld(() => rateLeasesCollection(db).createIndex({ expiresAt: 1 }, { name: 'expiry', expireAfterSeconds: 0 }));
    // getUsage and the deprecation report read one account's buckets of one granularity over a span;
    // the flusher prunes old buckets by granularity and start (FerretDB has no TTL index to do it).
    await usageCollection(db).createIndex({ accountId: 1, granularity: 1, start: 1 }, { name: 'account_granularity_start' });
    await usageCollection(db).createIndex({ granularity: 1, start: 1 }, { name: 'granularity_start' });
    await ensurePeopleIndexes(db);
  });
}

/** The people collections' indexes (see docs/people-storage.md). */
async function ensurePeopleIndexes(db: Db): Promise<void> {
  // One person per address, and one membership of a person in an account, whichever instance writes.
  await peopleCollection(db).createIndex({ email: 1 }, { name: 'email_unique', unique: true });
  await membershipsCollection(db).createIndex({ accountId: 1, personId: 1 }, { name: 'account_person_unique', unique: true });
  await membershipsCollection(db).createIndex({ personId: 1 }, { name: 'person' });
  await invitationsCollection(db).createIndex({ tokenHash: 1 }, { name: 'token_hash_unique', unique: true });
  await invitationsCollection(db).createIndex({ accountId: 1 }, { name: 'account' });
  await sessionsCollection(db).createIndex({ personId: 1 }, { name: 'person' });
  await passkeysCollection(db).createIndex({ personId: 1 }, { name: 'person' });
  // Each of these is refused once past its expiresAt, so MongoDB may remove it then.
  for (const collection of [sessionsCollection(db), tokensCollection(db), challengesCollection(db), peopleClaimsCollection(db)]) {
    await expireWhenOld(() => collection.createIndex({ expiresAt: 1 }, { name: 'expiry', expireAfterSeconds: 0 }));
  }
}

/**
 * MongoDB removes expired idempotency records, rate-limit leases, sessions, one-time tokens,
 * WebAuthn challenges and people's claims itself. Servers without TTL indexes (FerretDB 1.x
 * answers NotImplemented) keep them, which is safe: an idempotency key then simply stays used, a
 * lease of a past window is never read again, and an expired session, token or challenge is
 * refused (and deleted) by whoever meets it; expired challenges, which anyone can have made, are
 * also deleted on the service's schedule (MongoPeopleStore.deleteExpiredChallenges).
 */
async function expireWhenOld(createTtlIndex: () => Promise<unknown>): Promise<void> {
  try {
    await createTtlIndex();
  } catch (error) {
    if (!(error instanceof MongoServerError && error.code === NOT_IMPLEMENTED)) throw error;
  }
}
