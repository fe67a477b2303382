import type { Invitation, Membership, OneTimeToken, Passkey, PeopleStore, Person, PersonChanges, Session } from '@petstore/domain';
import type { Collection, Db, Document, Filter, WithId } from 'mongodb';
import {
  challengesCollection,
  invitationsCollection,
  membershipsCollection,
  passkeysCollection,
  peopleCollection,
  sessionsCollection,
  tokensCollection,
} from './collections.js';
import { withDriverErrors } from './driver-errors.js';
import { insertUnique } from './insert-unique.js';
import { MongoPeopleClaims } from './mongo-people-claims.js';
import {
  fromInvitationDocument,
  fromMembershipDocument,
  fromPasskeyDocument,
  fromPersonDocument,
  fromSessionDocument,
  toInvitationDocument,
  toMembershipDocument,
  toPasskeyDocument,
  toPersonDocument,
  toSessionDocument,
  toTokenDocument,
  type ChallengeDocument,
  type InvitationDocument,
  type MembershipDocument,
  type PasskeyDocument,
  type PersonDocument,
  type SessionDocument,
  type TokenDocument,
} from './people-documents.js';

/** Oldest first, ties in id order: every list the store returns has one stable order. */
const OLDEST_FIRST = { createdAt: 1, _id: 1 } as const;

/**
 * People and what lets them in, in MongoDB (see docs/people-storage.md). Uniqueness is the
 * server's (unique indexes on email, (accountId, personId) and tokenHash); once-only claims are
 * MongoPeopleClaims'. Expired sessions and tokens are not removed here: FerretDB has no TTL
 * indexes, so the service deletes those it meets (MongoDB's TTL indexes remove the rest); expired
 * challenges go on the service's schedule (deleteExpiredChallenges).
 */
export class MongoPeopleStore implements PeopleStore {
  private readonly people: Collection<PersonDocument>;
  private readonly memberships: Collection<MembershipDocument>;
  private readonly invitations: Collection<InvitationDocument>;
  private readonly sessions: Collection<SessionDocument>;
  private readonly tokens: Collection<TokenDocument>;
  private readonly passkeys: Collection<PasskeyDocument>;
  private readonly challenges: Collection<ChallengeDocument>;
  private readonly claims: MongoPeopleClaims;

  constructor(db: Db) {
    this.people = peopleCollection(db);
    this.memberships = membershipsCollection(db);
    this.invitations = invitationsCollection(db);
    this.sessions = sessionsCollection(db);
    this.tokens = tokensCollection(db);
    this.passkeys = passkeysCollection(db);
    this.challenges = challengesCollection(db);
    this.claims = new MongoPeopleClaims(db);
  }

  insertPerson(person: Person): Promise<void> {
    // The unique index on email refuses a second person with the address, whichever instance inserts it.
    return insertUnique(this.people, toPersonDocument(person), 'a person with this id or email already exists');
  }

  getPerson(id: string): Promise<Person | null> {
    return findOne(this.people, { _id: { $eq: id } }, fromPersonDocument);
  }

  findPersonByEmail(email: string): Promise<Person | null> {
    return findOne(this.people, { email: { $eq: email } }, fromPersonDocument);
  }

  updatePerson(id: string, changes: PersonChanges): Promise<Person | null> {
    const set: Partial<PersonDocument> = {};
    if (changes.emailVerifiedAt !== undefined) set.emailVerifiedAt = changes.emailVerifiedAt;
    if (changes.passwordHash !== undefined) set.passwordHash = changes.passwordHash;
    if (changes.passwordChangedAt !== undefined) set.passwordChangedAt = changes.passwordChangedAt;
    return withDriverErrors(async () => {
      if (Object.keys(set).length > 0) await this.people.updateOne({ _id: { $eq: id } }, { $set: set });
      const document = await this.people.findOne({ _id: { $eq: id } });
      return document && fromPersonDocument(document);
    });
  }

  listPeople(query: { accountId?: string | undefined }): Promise<Person[]> {
    return withDriverErrors(async () => {
      let filter: Filter<PersonDocument> = {};
      if (query.accountId !== undefined) {
        const members = await this.memberships.find({ accountId: { $eq: query.accountId } }).toArray();
        filter = { _id: { $in: members.map((membership) => membership.personId) } };
      }
      return (await this.people.find(filter).sort(OLDEST_FIRST).toArray()).map(fromPersonDocument);
    });
  }

  insertMembership(membership: Membership): Promise<void> {
    return insertUnique(this.memberships, toMembershipDocument(membership), 'the person is a member of the account already');
  }

  membershipsOfPerson(personId: string): Promise<Membership[]> {
    return findMany(this.memberships, { personId: { $eq: personId } }, fromMembershipDocument);
  }

  membershipsOfAccount(accountId: string): Promise<Membership[]> {
    return findMany(this.memberships, { accountId: { $eq: accountId } }, fromMembershipDocument);
  }

  deleteMembership(accountId: string, personId: string): Promise<void> {
    return withDriverErrors(async () => {
      await this.memberships.deleteOne({ accountId: { $eq: accountId }, personId: { $eq: personId } });
    });
  }

  insertInvitation(invitation: Invitation): Promise<void> {
    return insertUnique(this.invitations, toInvitationDocument(invitation), `invitation ${invitation.id} already exists`);
  }

  getInvitation(id: string): Promise<Invitation | null> {
    return findOne(this.invitations, { _id: { $eq: id } }, fromInvitationDocument);
  }

  findInvitationByTokenHash(tokenHash: string): Promise<Invitation | null> {
    return findOne(this.invitations, { tokenHash: { $eq: tokenHash } }, fromInvitationDocument);
  }

  listInvitations(accountId: string): Promise<Invitation[]> {
    return findMany(this.invitations, { accountId: { $eq: accountId } }, fromInvitationDocument);
  }

  acceptInvitation(id: string, at: Date): Promise<boolean> {
    return this.claims.decideInvitation(id, 'accepted', at);
  }

  async revokeInvitation(id: string, at: Date): Promise<void> {
    await this.claims.decideInvitation(id, 'revoked', at);
  }

  insertSession(session: Session): Promise<void> {
    return insertUnique(this.sessions, toSessionDocument(session), 'the session already exists');
  }

  getSession(id: string): Promise<Session | null> {
    return findOne(this.sessions, { _id: { $eq: id } }, fromSessionDocument);
  }

  touchSession(id: string, at: Date): Promise<void> {
    return withDriverErrors(async () => {
      // $max never moves the instant back, whichever request's write lands last.
      await this.sessions.updateOne({ _id: { $eq: id } }, { $max: { lastSeenAt: at } });
    });
  }

  listSessions(personId: string): Promise<Session[]> {
    return findMany(this.sessions, { personId: { $eq: personId } }, fromSessionDocument);
  }

  deleteSession(id: string): Promise<void> {
    return withDriverErrors(async () => {
      await this.sessions.deleteOne({ _id: { $eq: id } });
    });
  }

  deleteSessionsOf(personId: string): Promise<number> {
    return withDriverErrors(async () => (await this.sessions.deleteMany({ personId: { $eq: personId } })).deletedCount);
  }

  insertToken(token: OneTimeToken): Promise<void> {
    return insertUnique(this.tokens, toTokenDocument(token), 'the token already exists');
  }

  useToken(hash: string, at: Date): Promise<OneTimeToken | null> {
    return this.claims.useToken(hash, at);
  }

  insertPasskey(passkey: Passkey): Promise<void> {
    return insertUnique(this.passkeys, toPasskeyDocument(passkey), 'the passkey is registered already');
  }

  getPasskey(id: string): Promise<Passkey | null> {
    return findOne(this.passkeys, { _id: { $eq: id } }, fromPasskeyDocument);
  }

  listPasskeys(personId: string): Promise<Passkey[]> {
    return findMany(this.passkeys, { personId: { $eq: personId } }, fromPasskeyDocument);
  }

  recordPasskeyUse(id: string, counter: number, at: Date): Promise<void> {
    return withDriverErrors(async () => {
      await this.passkeys.updateOne({ _id: { $eq: id } }, { $set: { counter }, $max: { lastUsedAt: at } });
    });
  }

  deletePasskey(id: string): Promise<void> {
    return withDriverErrors(async () => {
      await this.passkeys.deleteOne({ _id: { $eq: id } });
    });
  }

  insertChallenge(challenge: { id: string; value: string; personId: string | null; expiresAt: Date }): Promise<void> {
    const { id, ...rest } = challenge;
    return insertUnique(this.challenges, { _id: id, ...rest }, 'the challenge already exists');
  }

  takeChallenge(id: string, at: Date): Promise<{ value: string; personId: string | null } | null> {
    return this.claims.takeChallenge(id, at);
  }

  deleteExpiredChallenges(at: Date): Promise<void> {
    return this.claims.deleteExpiredChallenges(at);
  }
}

function findOne<D extends Document, T>(collection: Collection<D>, filter: Filter<D>, from: (document: WithId<D>) => T): Promise<T | null> {
  return withDriverErrors(async () => {
    const document = await collection.findOne(filter);
    return document && from(document);
  });
}

function findMany<D extends Document, T>(collection: Collection<D>, filter: Filter<D>, from: (document: WithId<D>) => T): Promise<T[]> {
  return withDriverErrors(async () => (await collection.find(filter).sort(OLDEST_FIRST).toArray()).map(from));
}
