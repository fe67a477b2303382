import {
  DomainError,
  type Invitation,
  type Membership,
  type OneTimeToken,
  type Passkey,
  type PeopleStore,
  type Person,
  type PersonChanges,
  type Session,
} from '@petstore/domain';

interface Challenge {
  value: string;
  personId: string | null;
  expiresAt: Date;
}

/** Everything is copied in and out (dates and lists included), so no caller can change what is stored. */
const copy = <T>(value: T): T => structuredClone(value);

/**
 * The embedded store's people. Each method runs to its end without awaiting, so on one event
 * loop every check-then-write below (one email, one acceptance, one use of a token) is atomic.
 */
export class MemoryPeopleStore implements PeopleStore {
  private readonly people = new Map<string, Person>();
  private readonly personIdByEmail = new Map<string, string>();
  /** Keyed by `${accountId} ${personId}`. */
  private readonly memberships = new Map<string, Membership>();
  private readonly invitations = new Map<string, Invitation>();
  private readonly sessions = new Map<string, Session>();
  private readonly tokens = new Map<string, OneTimeToken>();
  private readonly passkeys = new Map<string, Passkey>();
  private readonly challenges = new Map<string, Challenge>();

  async insertPerson(person: Person): Promise<void> {
    if (this.personIdByEmail.has(person.email)) throw new DomainError('conflict', 'someone already has this email address');
    this.people.set(person.id, copy(person));
    this.personIdByEmail.set(person.email, person.id);
  }

  async getPerson(id: string): Promise<Person | null> {
    return copy(this.people.get(id) ?? null);
  }

  async findPersonByEmail(email: string): Promise<Person | null> {
    const id = this.personIdByEmail.get(email);
    return id === undefined ? null : this.getPerson(id);
  }

  async updatePerson(id: string, changes: PersonChanges): Promise<Person | null> {
    const person = this.people.get(id);
    if (!person) return null;
    for (const [name, value] of Object.entries(copy(changes))) if (value !== undefined) Object.assign(person, { [name]: value });
    return copy(person);
  }

  async listPeople(query: { accountId?: string | undefined }): Promise<Person[]> {
    const { accountId } = query;
    if (accountId === undefined) return [...this.people.values()].map(copy);
    const members = (await this.membershipsOfAccount(accountId)).map((membership) => this.people.get(membership.personId));
    return members.filter((person) => person !== undefined).map(copy);
  }

  async insertMembership(membership: Membership): Promise<void> {
    const key = `${membership.accountId} ${membership.personId}`;
    if (this.memberships.has(key)) throw new DomainError('conflict', `${membership.personId} is already a member of ${membership.accountId}`);
    this.memberships.set(key, copy(membership));
  }

  async membershipsOfPerson(personId: string): Promise<Membership[]> {
    return [...this.memberships.values()].filter((membership) => membership.personId === personId).map(copy);
  }

  async membershipsOfAccount(accountId: string): Promise<Membership[]> {
    return [...this.memberships.values()].filter((membership) => membership.accountId === accountId).map(copy);
  }

  async deleteMembership(accountId: string, personId: string): Promise<void> {
    this.memberships.delete(`${accountId} ${personId}`);
  }

  async insertInvitation(invitation: Invitation): Promise<void> {
    if (this.invitations.has(invitation.id)) throw new DomainError('conflict', `invitation ${invitation.id} already exists`);
    this.invitations.set(invitation.id, copy(invitation));
  }

  async getInvitation(id: string): Promise<Invitation | null> {
    return copy(this.invitations.get(id) ?? null);
  }

  async findInvitationByTokenHash(tokenHash: string): Promise<Invitation | null> {
    return copy([...this.invitations.values()].find((invitation) => invitation.tokenHash === tokenHash) ?? null);
  }

  async listInvitations(accountId: string): Promise<Invitation[]> {
    return [...this.invitations.values()].filter((invitation) => invitation.accountId === accountId).map(copy);
  }

  async acceptInvitation(id: string, at: Date): Promise<boolean> {
    const invitation = this.invitations.get(id);
    if (!invitation || invitation.acceptedAt !== null || invitation.revokedAt !== null) return false;
    invitation.acceptedAt = new Date(at);
    return true;
  }

  async revokeInvitation(id: string, at: Date): Promise<void> {
    const invitation = this.invitations.get(id);
    if (invitation && invitation.acceptedAt === null && invitation.revokedAt === null) invitation.revokedAt = new Date(at);
  }

  async insertSession(session: Session): Promise<void> {
    this.sessions.set(session.id, copy(session));
  }

  async getSession(id: string): Promise<Session | null> {
    return copy(this.sessions.get(id) ?? null);
  }

  async touchSession(id: string, at: Date): Promise<void> {
    const session = this.sessions.get(id);
    if (session && session.lastSeenAt < at) session.lastSeenAt = new Date(at);
  }

  async listSessions(personId: string): Promise<Session[]> {
    return [...this.sessions.values()].filter((session) => session.personId === personId).map(copy);
  }

  async deleteSession(id: string): Promise<void> {
    this.sessions.delete(id);
  }

  async deleteSessionsOf(personId: string): Promise<number> {
    const ids = [...this.sessions.values()].filter((session) => session.personId === personId).map((session) => session.id);
    for (const id of ids) this.sessions.delete(id);
    return ids.length;
  }

  async insertToken(token: OneTimeToken): Promise<void> {
    this.tokens.set(token.hash, copy(token));
  }

  async useToken(hash: string): Promise<OneTimeToken | null> {
    const token = this.tokens.get(hash);
    this.tokens.delete(hash);
    return token ?? null;
  }

  async insertPasskey(passkey: Passkey): Promise<void> {
    if (this.passkeys.has(passkey.id)) throw new DomainError('conflict', 'this passkey is registered already');
    this.passkeys.set(passkey.id, copy(passkey));
  }

  async getPasskey(id: string): Promise<Passkey | null> {
    return copy(this.passkeys.get(id) ?? null);
  }

  async listPasskeys(personId: string): Promise<Passkey[]> {
    return [...this.passkeys.values()].filter((passkey) => passkey.personId === personId).map(copy);
  }

  async recordPasskeyUse(id: string, counter: number, at: Date): Promise<void> {
    const passkey = this.passkeys.get(id);
    if (passkey) Object.assign(passkey, { counter, lastUsedAt: new Date(at) });
  }

  async deletePasskey(id: string): Promise<void> {
    this.passkeys.delete(id);
  }

  async insertChallenge(challenge: { id: string; value: string; personId: string | null; expiresAt: Date }): Promise<void> {
    const { id, ...kept } = copy(challenge);
    this.challenges.set(id, kept);
  }

  async takeChallenge(id: string, at: Date): Promise<{ value: string; personId: string | null } | null> {
    const challenge = this.challenges.get(id);
    this.challenges.delete(id);
    if (!challenge || challenge.expiresAt <= at) return null;
    return { value: challenge.value, personId: challenge.personId };
  }

  async deleteExpiredChallenges(at: Date): Promise<void> {
    for (const [id, { expiresAt }] of this.challenges) if (expiresAt <= at) this.challenges.delete(id);
  }
}
