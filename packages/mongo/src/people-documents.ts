import type { Invitation, Membership, OneTimeToken, Passkey, Person, Role, Session } from '@petstore/domain';

/**
 * How the people collections keep each record: its id as `_id`, dates as Date, and of every
 * secret only its hash (a session's id and a one-time token's `_id` are SHA-256 hashes already).
 */
export type PersonDocument = Omit<Person, 'id'> & { _id: string };
/** Keyed by a unique (accountId, personId) index; its `_id` is the server's own. */
export type MembershipDocument = Membership;
export type InvitationDocument = Omit<Invitation, 'id'> & { _id: string };
export type SessionDocument = Omit<Session, 'id'> & { _id: string };
export type TokenDocument = Omit<OneTimeToken, 'hash'> & { _id: string };
export type PasskeyDocument = Omit<Passkey, 'id'> & { _id: string };
export interface ChallengeDocument {
  _id: string;
  value: string;
  personId: string | null;
  expiresAt: Date;
}

/** A role this version does not know (written by a newer one) grants the least here. */
const knownRole = (role: string): Role => (role === 'owner' ? 'owner' : 'member');

export const toPersonDocument = ({ id, ...rest }: Person): PersonDocument => ({ _id: id, ...rest });

export const fromPersonDocument = (document: PersonDocument): Person => ({
  id: document._id,
  email: document.email,
  emailVerifiedAt: document.emailVerifiedAt,
  passwordHash: document.passwordHash,
  passwordChangedAt: document.passwordChangedAt,
  createdAt: document.createdAt,
});

export const toMembershipDocument = (membership: Membership): MembershipDocument => ({ ...membership });

export const fromMembershipDocument = (document: MembershipDocument): Membership => ({
  accountId: document.accountId,
  personId: document.personId,
  role: knownRole(document.role),
  createdAt: document.createdAt,
});

export const toInvitationDocument = ({ id, ...rest }: Invitation): InvitationDocument => ({ _id: id, ...rest });

export const fromInvitationDocument = (document: InvitationDocument): Invitation => ({
  id: document._id,
  accountId: document.accountId,
  email: document.email,
  role: knownRole(document.role),
  tokenHash: document.tokenHash,
  invitedBy: document.invitedBy,
  createdAt: document.createdAt,
  expiresAt: document.expiresAt,
  acceptedAt: document.acceptedAt,
  revokedAt: document.revokedAt,
});

export const toSessionDocument = ({ id, ...rest }: Session): SessionDocument => ({ _id: id, ...rest });

export const fromSessionDocument = (document: SessionDocument): Session => ({
  id: document._id,
  personId: document.personId,
  createdAt: document.createdAt,
  lastSeenAt: document.lastSeenAt,
  expiresAt: document.expiresAt,
  clientAddress: document.clientAddress,
  userAgent: document.userAgent,
});

export const toTokenDocument = ({ hash, ...rest }: OneTimeToken): TokenDocument => ({ _id: hash, ...rest });

export const fromTokenDocument = (document: TokenDocument): OneTimeToken => ({
  hash: document._id,
  purpose: document.purpose,
  personId: document.personId,
  email: document.email,
  createdAt: document.createdAt,
  expiresAt: document.expiresAt,
});

export const toPasskeyDocument = ({ id, ...rest }: Passkey): PasskeyDocument => ({ _id: id, ...rest, transports: [...rest.transports] });

export const fromPasskeyDocument = (document: PasskeyDocument): Passkey => ({
  id: document._id,
  personId: document.personId,
  publicKey: document.publicKey,
  counter: document.counter,
  transports: [...document.transports],
  name: document.name,
  createdAt: document.createdAt,
  lastUsedAt: document.lastUsedAt,
});
