import { AuditTrail, type AuditActor } from '../audit/audit-trail.js';
import { DomainError } from '../errors/domain-error.js';
import type { Account } from '../auth/ports.js';
import type { PeopleServiceDeps, RequestContext } from './deps.js';
import { hashSecretToken, LINK_LIFETIME_MS, newSecretToken, portalLink } from './link-tokens.js';
import type { MailMessage, Membership, OneTimePurpose, OneTimeToken, Person } from './ports.js';
import type { IssuedLink } from './views.js';

/** Where a person stands: the account they belong to (one, today) and their role in it. */
export interface Standing {
  membership: Membership;
  account: Account;
}

/** What the people service's parts share: its dependencies, its audit trail, and the lookups each needs. */
export class PeopleKit {
  readonly trail: AuditTrail;

  constructor(readonly deps: PeopleServiceDeps) {
    this.trail = new AuditTrail({ log: deps.audit, clock: deps.clock, actor: deps.actor });
  }

  get mailConfigured(): boolean {
    return this.deps.mailer !== undefined;
  }

  /** Addresses must be verified exactly when mail can carry the link. */
  get verificationRequired(): boolean {
    return this.mailConfigured;
  }

  /** Whether the person's address counts as proven: always while verification is off. */
  emailVerified(person: Person): boolean {
    return !this.verificationRequired || person.emailVerifiedAt !== null;
  }

  now(): Date {
    return this.deps.clock.now();
  }

  /** Sends now: the caller's answer waits for the mail server (an owner's invitation). */
  async mail(message: MailMessage): Promise<void> {
    await this.deps.mailer?.send(message);
  }

  /**
   * Sends after the answer, for mail that only some answers send (a reset for an address someone
   * has): the answer's timing must not tell which. A failure goes to onMailFailure.
   */
  mailLater(message: MailMessage): void {
    const { mailer, onMailFailure } = this.deps;
    mailer?.send(message).catch((error: unknown) => onMailFailure?.(error));
  }

  /** A one-time link for the person (verification, reset): only its token's hash is kept. */
  async issueLink(person: Person, purpose: OneTimePurpose): Promise<IssuedLink> {
    const token = newSecretToken();
    const createdAt = this.now();
    const expiresAt = new Date(createdAt.getTime() + LINK_LIFETIME_MS[purpose]);
    await this.deps.people.insertToken({ hash: hashSecretToken(token), purpose, personId: person.id, email: person.email, createdAt, expiresAt });
    return { link: portalLink(this.deps.publicBaseUrl, purpose, token), expiresAt };
  }

  /** Uses a link's token once: its record when it was issued for `purpose` and is still in force, else `gone`. */
  async useLink(token: string, purpose: OneTimePurpose): Promise<{ person: Person; standing: Standing }> {
    const now = this.now();
    const used = await this.deps.people.useToken(hashSecretToken(token), now);
    const person = used && used.purpose === purpose && used.expiresAt > now ? await this.deps.people.getPerson(used.personId) : null;
    // A link for an address the person no longer has verifies nothing and resets nothing.
    const standing = person && person.email === used?.email && !endedByNewPassword(used, person) ? await this.standing(person.id) : null;
    if (!person || !standing) throw new DomainError('gone', 'this link is unknown, used or expired; ask for a new one');
    return { person, standing };
  }

  /** The person's account and membership; null for someone who belongs to none (removed from it). */
  async standing(personId: string): Promise<Standing | null> {
    const [membership] = await this.deps.people.membershipsOfPerson(personId);
    if (!membership) return null;
    const account = await this.deps.keys.getAccount(membership.accountId);
    return account && { membership, account };
  }
}

/**
 * A reset link issued before the person's password last changed (a reset, by this link or another,
 * or a change) resets nothing: it was asked for about a password that is gone, and whoever else
 * read it in a mailbox must not set one after the person chose theirs. Decided from the stored
 * instants when the link is used: no write at the change has to reach every outstanding link, so
 * nothing can be left behind by a failed or partial delete, on FerretDB or anywhere.
 */
function endedByNewPassword(link: OneTimeToken, person: Person): boolean {
  return link.purpose === 'reset-password' && link.createdAt < person.passwordChangedAt;
}

/** How the audit trail, and a key's createdBy, name a person. */
export function personActor(personId: string): string {
  return `person:${personId}`;
}

/** A change made by a person over HTTP, as the audit trail names it. */
export function byPerson(personId: string, context: RequestContext): AuditActor {
  return { actor: personActor(personId), clientAddress: context.clientAddress };
}

/** Someone not (yet) identified: a refused sign-in, a reset asked for by address. */
export function byAnonymous(context: RequestContext): AuditActor {
  return { actor: 'anonymous', clientAddress: context.clientAddress };
}
