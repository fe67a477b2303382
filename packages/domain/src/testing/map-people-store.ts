import { DomainError } from '../errors/domain-error.js';
import type { Invitation, Membership, OneTimeToken, Passkey, PeopleStore, Person, PersonChanges, Session } from '../people/ports.js';

const copy = <T>(value: T): T => structuredClone(value);
const matching = <T>(items: Iterable<T>, keep: (item: T) => boolean): T[] => [...items].filter(keep).map(copy);

/**
 * The smallest people store, for the domain's unit tests (the embedded store proper is
 * @petstore/memory's MemoryPeopleStore, held to the contract suite). Unique and once-only rules
 * hold as on every store; `sessionTouches` counts use writes so tests can see their rate.
 */
export class MapPeopleStore implements PeopleStore {
  people = new Map<string, Person>();
  memberships: Membership[] = [];
  invitations = new Map<string, Invitation>();
  sessions = new Map<string, Session>();
  tokens = new Map<string, OneTimeToken>();
  passkeys = new Map<string, Passkey>();
  challenges = new Map<string, { value: string; personId: string | null; expiresAt: Date }>();
  sessionTouches = 0;

  async insertPerson(person: Person) {
    if ([...this.people.values()].some((each) => each.email === person.email)) throw new DomainError('conflict', 'email taken');
    this.people.set(person.id, copy(person));
  }
  async getPerson(id: string) {
    return copy(this.people.get(id) ?? null);
  }
  async findPersonByEmail(email: string) {
    return matching(this.people.values(), (each) => each.email === email)[0] ?? null;
  }
  async updatePerson(id: string, changes: PersonChanges) {
    const person = this.people.get(id);
    if (person) Object.assign(person, copy(changes));
    return copy(person ?? null);
  }
  async listPeople(query: { accountId?: string | undefined }) {
    const ids = new Set(this.memberships.filter((m) => query.accountId === undefined || m.accountId === query.accountId).map((m) => m.personId));
    return matching(this.people.values(), (each) => query.accountId === undefined || ids.has(each.id));
  }
  async insertMembership(membership: Membership) {
    if (this.memberships.some((m) => m.accountId === membership.accountId && m.personId === membership.personId))
      throw new DomainError('conflict', 'member');
    this.memberships.push(copy(membership));
  }
  async membershipsOfPerson(personId: string) {
    return matching(this.memberships, (m) => m.personId === personId);
  }
  async membershipsOfAccount(accountId: string) {
    return matching(this.memberships, (m) => m.accountId === accountId);
  }
  async deleteMembership(accountId: string, personId: string) {
    this.memberships = this.memberships.filter((m) => m.accountId !== accountId || m.personId !== personId);
  }
  async insertInvitation(invitation: Invitation) {
    if (this.invitations.has(invitation.id)) throw new DomainError('conflict', 'invitation');
    this.invitations.set(invitation.id, copy(invitation));
  }
  async getInvitation(id: string) {
    return copy(this.invitations.get(id) ?? null);
  }
  async findInvitationByTokenHash(tokenHash: string) {
    return matching(this.invitations.values(), (each) => each.tokenHash === tokenHash)[0] ?? null;
  }
  async listInvitations(accountId: string) {
    return matching(this.invitations.values(), (each) => each.accountId === accountId);
  }
  async acceptInvitation(id: string, at: Date) {
    const invitation = this.invitations.get(id);
    if (!invitation || invitation.acceptedAt || invitation.revokedAt) return false;
    invitation.acceptedAt = at;
    return true;
  }
  async revokeInvitation(id: string, at: Date) {
    const invitation = this.invitations.get(id);
    if (invitation && !invitation.acceptedAt && !invitation.revokedAt) invitation.revokedAt = at;
  }
  async insertSession(session: Session) {
    this.sessions.set(session.id, copy(session));
  }
  async getSession(id: string) {
    return copy(this.sessions.get(id) ?? null);
  }
  async touchSession(id: string, at: Date) {
    this.sessionTouches += 1;
    const session = this.sessions.get(id);
    if (session && session.lastSeenAt < at) session.lastSeenAt = at;
  }
  async listSessions(personId: string) {
    return matching(this.sessions.values(), (each) => each.personId === personId);
  }
  async deleteSession(id: string) {
    this.sessions.delete(id);
  }
  async deleteSessionsOf(personId: string) {
    const ended = matching(this.sessions.values(), (each) => each.personId === personId);
    for (const session of ended) this.sessions.delete(session.id);
    return ended.length;
  }
  async insertToken(token: OneTimeToken) {
    this.tokens.set(token.hash, copy(token));
  }
  async useToken(hash: string) {
    const token = this.tokens.get(hash) ?? null;
    this.tokens.delete(hash);
    return token;
  }
  async insertPasskey(passkey: Passkey) {
    if (this.passkeys.has(passkey.id)) throw new DomainError('conflict', 'passkey');
    this.passkeys.set(passkey.id, copy(passkey));
  }
  async getPasskey(id: string) {
    return copy(this.passkeys.get(id) ?? null);
  }
  async listPasskeys(personId: string) {
    return matching(this.passkeys.values(), (each) => each.personId === personId);
  }
  async recordPasskeyUse(id: string, counter: number, at: Date) {
    const passkey = this.passkeys.get(id);
    if (passkey) Object.assign(passkey, { counter, lastUsedAt: at });
  }
  async deletePasskey(id: string) {
    this.passkeys.delete(id);
  }
  async insertChallenge(challenge: { id: string; value: string; personId: string | null; expiresAt: Date }) {
    this.challenges.set(challenge.id, copy(challenge));
  }
  async takeChallenge(id: string, at: Date) {
    const challenge = this.challenges.get(id);
    this.challenges.delete(id);
    return challenge && challenge.expiresAt > at ? { value: challenge.value, personId: challenge.personId } : null;
  }
  async deleteExpiredChallenges(at: Date) {
    for (const [id, { expiresAt }] of this.challenges) if (expiresAt <= at) this.challenges.delete(id);
  }
}
