/**
 * People who sign in, the accounts they belong to, and what lets them in: the domain's side of
 * "create an account and generate a key" done by the API consumer, not the operator. Plain data
 * and ports; the stores (embedded and MongoDB) implement PeopleStore, the runtime supplies the
 * PasswordHasher and the Mailer. Every secret (password, session token, one-time link token) is
 * kept only as a hash: a copy of the database lets nobody sign in.
 */

/** What a person may do in their account: owners also manage its members. */
export type Role = 'owner' | 'member';

export interface Person {
  /** `per_…` */
  id: string;
  /** Lower-cased and trimmed; unique among people. */
  email: string;
  /** Null until the address is verified (or when it was set by an accepted invitation: verified then). */
  emailVerifiedAt: Date | null;
  /** The password's argon2id hash in PHC form; never the password. */
  passwordHash: string;
  passwordChangedAt: Date;
  createdAt: Date;
}

/**
 * A person's place in an account. Today a person belongs to one account; the store keys a
 * membership by (accountId, personId) so that more than one is a change of rule, not of data.
 */
export interface Membership {
  accountId: string;
  personId: string;
  role: Role;
  createdAt: Date;
}

/** A one-time invitation to join an account, bound to one email address. */
export interface Invitation {
  /** `inv_…` */
  id: string;
  /**
   * The account joined on acceptance; null for an operator's invitation to sign up (the invited
   * person then creates an account of their own, as its owner, which PETSTORE_SIGNUP=invite needs).
   */
  accountId: string | null;
  /** Lower-cased; only a person signing up (or in) with this address may accept it. */
  email: string;
  role: Role;
  /** SHA-256 (hex) of the link's token; the token itself is shown once, in the link. */
  tokenHash: string;
  /** Who invited: `person:<id>`, `key:<id>` or the operator's actor name. */
  invitedBy: string;
  createdAt: Date;
  /** Seven days after creation. */
  expiresAt: Date;
  /** When it was accepted (usable once); null while open. */
  acceptedAt: Date | null;
  /** When an owner withdrew it; null otherwise. */
  revokedAt: Date | null;
}

/** A signed-in browser: an opaque random token in a cookie, kept here only by its hash. */
export interface Session {
  /** SHA-256 (hex) of the session token: the token is never stored. */
  id: string;
  personId: string;
  createdAt: Date;
  /** Renewed as the session is used (at most once a minute); the idle timeout counts from it. */
  lastSeenAt: Date;
  /** The absolute end, whatever the use. */
  expiresAt: Date;
  /** Where it was signed in from, for the person's list of sessions. */
  clientAddress: string;
  userAgent: string;
}

export type OneTimePurpose = 'verify-email' | 'reset-password';

/** A one-time link's token for a person (verification, password reset), kept by its hash. */
export interface OneTimeToken {
  /** SHA-256 (hex) of the token. */
  hash: string;
  purpose: OneTimePurpose;
  personId: string;
  /** For verification: the address verified (a link for an old address verifies nothing). */
  email: string;
  createdAt: Date;
  expiresAt: Date;
}

/** A WebAuthn credential registered from a signed-in session: a second way to sign in. */
export interface Passkey {
  /** The credential id, base64url. */
  id: string;
  personId: string;
  /** COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter as last seen. */
  counter: number;
  transports: string[];
  /** A name the person chose, or the authenticator's description. */
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** Hashes and checks passwords (argon2id with OWASP's parameters in production). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/** One message to one address; the runtime sends it over SMTP (nodemailer), or writes it to its output in development. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Where messages end up, which the answers that send one say so people know where to look: the
 * address's inbox (SMTP), the service's own output (development without SMTP), or nowhere (no
 * mailer: links then come from the operator).
 */
export type MailDelivery = 'mail' | 'output' | 'none';

/** Sends mail; absent when no SMTP server is configured in production (links then come from the operator). */
export interface Mailer {
  readonly delivery: Exclude<MailDelivery, 'none'>;
  send(message: MailMessage): Promise<void>;
}

/** What `updatePerson` may change; an absent attribute stays as it is. */
export type PersonChanges = Partial<Pick<Person, 'emailVerifiedAt' | 'passwordHash' | 'passwordChangedAt'>>;

/**
 * Where people, memberships, invitations, sessions, one-time tokens and passkeys are kept, on
 * both stores. Uniqueness and once-only claims are unique-key inserts (what every MongoDB-
 * compatible server makes atomic, FerretDB included), never conditional updates.
 */
export interface PeopleStore {
  /** Refuses (`conflict`) a second person with the same email. */
  insertPerson(person: Person): Promise<void>;
  getPerson(id: string): Promise<Person | null>;
  findPersonByEmail(email: string): Promise<Person | null>;
  /** Returns the person after, or null when there is no such person. */
  updatePerson(id: string, changes: PersonChanges): Promise<Person | null>;
  listPeople(query: { accountId?: string | undefined }): Promise<Person[]>;

  /** Refuses (`conflict`) a second membership of the same person in the same account. */
  insertMembership(membership: Membership): Promise<void>;
  membershipsOfPerson(personId: string): Promise<Membership[]>;
  membershipsOfAccount(accountId: string): Promise<Membership[]>;
  deleteMembership(accountId: string, personId: string): Promise<void>;

  /** Refuses (`conflict`) a second invitation with the same id: an owner's Idempotency-Key derives the id (invitation-replay.ts). */
  insertInvitation(invitation: Invitation): Promise<void>;
  getInvitation(id: string): Promise<Invitation | null>;
  findInvitationByTokenHash(tokenHash: string): Promise<Invitation | null>;
  /** The account's invitations, whatever their state; invitations to sign up (no account) are in no list. */
  listInvitations(accountId: string): Promise<Invitation[]>;
  /** Marks it accepted at `at`; true for the one caller that did so, false when it was accepted or revoked already. */
  acceptInvitation(id: string, at: Date): Promise<boolean>;
  /**
   * Withdraws it at `at` unless it was accepted or revoked already (the first instant is kept): an
   * invitation is closed once, by whichever of acceptance and revocation came first.
   */
  revokeInvitation(id: string, at: Date): Promise<void>;

  insertSession(session: Session): Promise<void>;
  getSession(id: string): Promise<Session | null>;
  /** Records a use at `at` (keeps a later one). */
  touchSession(id: string, at: Date): Promise<void>;
  listSessions(personId: string): Promise<Session[]>;
  deleteSession(id: string): Promise<void>;
  /** Ends every session of the person; returns how many there were. */
  deleteSessionsOf(personId: string): Promise<number>;

  insertToken(token: OneTimeToken): Promise<void>;
  /**
   * Uses the token once: the record for the one caller that used it, null when unknown or used
   * already. Expiry is the caller's to check: a used token is gone whether or not it was valid.
   */
  useToken(hash: string, at: Date): Promise<OneTimeToken | null>;

  /** Refuses (`conflict`) a second passkey with the same credential id. */
  insertPasskey(passkey: Passkey): Promise<void>;
  getPasskey(id: string): Promise<Passkey | null>;
  listPasskeys(personId: string): Promise<Passkey[]>;
  /** Records a sign-in with the passkey: its new counter and when. */
  recordPasskeyUse(id: string, counter: number, at: Date): Promise<void>;
  deletePasskey(id: string): Promise<void>;

  /** Keeps a WebAuthn challenge until `expiresAt`; taken once by `takeChallenge`. */
  insertChallenge(challenge: { id: string; value: string; personId: string | null; expiresAt: Date }): Promise<void>;
  /** The challenge for the one caller that takes it, null when unknown, taken already or expired. */
  takeChallenge(id: string, at: Date): Promise<{ value: string; personId: string | null } | null>;
  /**
   * Removes the challenges expired at `at` that nobody took (and what recorded their taking):
   * called on a schedule, never per request, as abandoned ceremonies would otherwise stay (no TTL
   * indexes on FerretDB).
   */
  deleteExpiredChallenges(at: Date): Promise<void>;
}
