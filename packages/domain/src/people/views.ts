import { hash } from 'node:crypto';
import type { Account } from '../auth/ports.js';
import type { Invitation, Membership, Person, Role, Session } from './ports.js';

/** A person as shown to anyone, the person included: never the password's hash. */
export interface PersonView {
  id: string;
  email: string;
  emailVerifiedAt: Date | null;
  createdAt: Date;
}

export function personView(person: Person): PersonView {
  return { id: person.id, email: person.email, emailVerifiedAt: person.emailVerifiedAt, createdAt: person.createdAt };
}

/**
 * A session as listed to its person. Its `id` is a handle derived from the stored hash, not the
 * hash itself: what the session is found by never leaves the service.
 */
export interface SessionView {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  clientAddress: string;
  userAgent: string;
}

export function sessionHandle(sessionId: string): string {
  return `ses_${hash('sha256', `handle:${sessionId}`, 'base64url').slice(0, 22)}`;
}

export function sessionView(session: Session): SessionView {
  const { createdAt, lastSeenAt, expiresAt, clientAddress, userAgent } = session;
  return { id: sessionHandle(session.id), createdAt, lastSeenAt, expiresAt, clientAddress, userAgent };
}

/** Who a session (or a fresh sign-in) is: what every door answering for a person needs. */
export interface SessionPrincipal {
  person: PersonView;
  account: Account;
  membership: Membership;
  session: SessionView;
  /**
   * False until the person's address is verified, when verification is on (a mailer is
   * configured): such a person may sign in but not create keys. Always true when it is off.
   */
  emailVerified: boolean;
}

/** A sign-in's answer: the session's token, shown this once (the door puts it in a cookie). */
export interface SignedIn extends SessionPrincipal {
  token: string;
}

/** What signUp answers: the same whether or not the address was free, when verification is on. */
export interface SignUpAnswer {
  email: string;
  /** True when a verification link was mailed (verification is on): sign in, then follow it. */
  verificationRequired: boolean;
}

export interface MemberView {
  person: PersonView;
  role: Role;
  joinedAt: Date;
}

/** An invitation as listed: never its token's hash. */
export interface InvitationView {
  id: string;
  /** Null for an operator's invitation to sign up with an account of one's own. */
  accountId: string | null;
  email: string;
  role: Role;
  invitedBy: string;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

export function invitationView(invitation: Invitation): InvitationView {
  const { id, accountId, email, role, invitedBy, createdAt, expiresAt, acceptedAt, revokedAt } = invitation;
  return { id, accountId, email, role, invitedBy, createdAt, expiresAt, acceptedAt, revokedAt };
}

/** A one-time link, handed to its caller only where no mail carries it (the operator, or no mailer). */
export interface IssuedLink {
  link: string;
  expiresAt: Date;
}

/** An invitation made: the link only when it was not mailed. */
export interface CreatedInvitation {
  invitation: InvitationView;
  link: IssuedLink | null;
}

/** A person as the operator lists them, with the accounts they belong to. */
export interface PersonListing extends PersonView {
  memberships: Membership[];
}
