import { initialValues } from '../audit/audit-trail.js';
import { DomainError } from '../errors/domain-error.js';
import type { RequestContext } from './deps.js';
import { hashSecretToken, newSecretToken } from './link-tokens.js';
import { byPerson, type PeopleKit, type Standing } from './people-kit.js';
import type { Person, Session } from './ports.js';
import { personView, sessionHandle, sessionView, type SessionPrincipal, type SessionView, type SignedIn } from './views.js';

/**
 * NIST SP 800-63B (AAL2) reauthentication: after 30 minutes without use, and 12 hours after
 * sign-in whatever the use. A use is written at most once a minute, so the idle timeout is met
 * between 30 and 31 minutes after the last request.
 */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_LIFETIME_MS = 12 * 3_600_000;
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

const SIGN_IN_AGAIN = 'sign in again';
const MAX_USER_AGENT_LENGTH = 256;

/** Why ending sessions, as the audit trail says it. */
export type SessionEnd = 'signed-out' | 'signed-out-everywhere' | 'ended-by-person' | 'password-changed' | 'password-reset' | 'member-removed';

/**
 * Sessions as Lucia's guide describes them: an opaque random token in the cookie, its SHA-256 as
 * the stored id (a copy of the database signs nobody in), a new token at every sign-in.
 */
export class Sessions {
  constructor(private readonly kit: PeopleKit) {}

  /** Signs the person in: refused when they belong to no account or their account is suspended. */
  async start(person: Person, method: 'password' | 'passkey', context: RequestContext): Promise<SignedIn> {
    const standing = this.allowed(await this.kit.standing(person.id));
    const token = newSecretToken();
    const now = this.kit.now();
    const session: Session = {
      id: hashSecretToken(token),
      personId: person.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
      clientAddress: context.clientAddress,
      // Enough to recognise a browser in the person's list; a longer header is not worth keeping per session.
      // Counted in code points, so the cut never leaves half a character.
      userAgent: [...context.userAgent].slice(0, MAX_USER_AGENT_LENGTH).join(''),
    };
    const { accountId } = standing.membership;
    await this.kit.trail.record('session.started', { accountId, personId: person.id }, initialValues({ method }), byPerson(person.id, context));
    await this.kit.deps.people.insertSession(session);
    return { token, ...this.principal(person, standing, session) };
  }

  async authenticate(token: string): Promise<SessionPrincipal> {
    const { people } = this.kit.deps;
    const session = await people.getSession(hashSecretToken(token));
    if (!session) throw new DomainError('unauthorized', `the session is unknown or has ended; ${SIGN_IN_AGAIN}`);
    const now = this.kit.now();
    if (session.expiresAt <= now || now.getTime() - session.lastSeenAt.getTime() >= SESSION_IDLE_MS) {
      await people.deleteSession(session.id);
      throw new DomainError('unauthorized', `the session has expired; ${SIGN_IN_AGAIN}`);
    }
    const person = await people.getPerson(session.personId);
    const standing = person && (await this.kit.standing(person.id));
    if (!person || !standing) {
      await people.deleteSession(session.id);
      throw new DomainError('unauthorized', `the session's person no longer belongs to an account; ${SIGN_IN_AGAIN}`);
    }
    this.allowed(standing);
    if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
      await people.touchSession(session.id, now);
      session.lastSeenAt = now;
    }
    return this.principal(person, standing, session);
  }

  /** Ends the session of this token, if it still exists. */
  async end(token: string, context: RequestContext): Promise<void> {
    const session = await this.kit.deps.people.getSession(hashSecretToken(token));
    if (session) await this.endOne(session, 'signed-out', context);
  }

  /** Ends one of the person's sessions by its handle; another person's is `not_found`. */
  async endByHandle(personId: string, handle: string, context: RequestContext): Promise<void> {
    const session = (await this.kit.deps.people.listSessions(personId)).find((each) => sessionHandle(each.id) === handle);
    if (!session) throw new DomainError('not_found', `session ${handle} does not exist`);
    await this.endOne(session, 'ended-by-person', context);
  }

  /** Ends every session of the person; how many there were. */
  async endAll(personId: string, reason: SessionEnd, context: RequestContext): Promise<number> {
    const standing = await this.kit.standing(personId);
    if (standing) {
      const subject = { accountId: standing.account.id, personId };
      await this.kit.trail.record('session.ended', subject, initialValues({ reason, sessions: 'all' }), byPerson(personId, context));
    }
    return this.kit.deps.people.deleteSessionsOf(personId);
  }

  /** The person's sessions still in force, most recently used first. */
  async list(personId: string): Promise<SessionView[]> {
    const now = this.kit.now().getTime();
    const live = (await this.kit.deps.people.listSessions(personId)).filter(
      (session) => session.expiresAt.getTime() > now && now - session.lastSeenAt.getTime() < SESSION_IDLE_MS,
    );
    return live.sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime()).map(sessionView);
  }

  private async endOne(session: Session, reason: SessionEnd, context: RequestContext): Promise<void> {
    const standing = await this.kit.standing(session.personId);
    if (standing) {
      const subject = { accountId: standing.account.id, personId: session.personId };
      const changes = initialValues({ reason, session: sessionHandle(session.id) });
      await this.kit.trail.record('session.ended', subject, changes, byPerson(session.personId, context));
    }
    await this.kit.deps.people.deleteSession(session.id);
  }

  private allowed(standing: Standing | null): Standing {
    if (!standing) throw new DomainError('forbidden', 'you belong to no account; ask an owner of one for an invitation');
    if (standing.account.suspendedAt !== null) {
      throw new DomainError('forbidden', `the account ${standing.account.id} is suspended; ask the operator`);
    }
    return standing;
  }

  private principal(person: Person, standing: Standing, session: Session): SessionPrincipal {
    return {
      person: personView(person),
      account: standing.account,
      membership: standing.membership,
      session: sessionView(session),
      emailVerified: this.kit.emailVerified(person),
    };
  }
}
