import { initialValues, type AuditActor } from '../audit/audit-trail.js';
import { randomId } from '../auth/api-key.js';
import { DomainError, isDomainError } from '../errors/domain-error.js';
import { parseOrThrow } from '../validation/parse.js';
import type { RequestContext } from './deps.js';
import { hashSecretToken, LINK_LIFETIME_MS, newSecretToken, portalLink } from './link-tokens.js';
import { invitationMail } from './mail-texts.js';
import type { Members } from './members.js';
import { byPerson, type PeopleKit } from './people-kit.js';
import { verifyEmailFirst } from './verify-email-first.js';
import type { Invitation, Role } from './ports.js';
import { idempotentInvitationId, replayInvitation } from './invitation-replay.js';
import { InvitationInput } from './schemas.js';
import { invitationView, type CreatedInvitation, type InvitationView, type IssuedLink } from './views.js';

const CLOSED = 'this invitation link is unknown, used, withdrawn or expired; ask for a new one';

/**
 * Invitations: a one-time link, valid 7 days, bound to one address. An owner's invitation joins
 * their account; the operator's may instead invite someone to sign up with an account of their own
 * (what PETSTORE_SIGNUP=invite lets in). Acceptance is invitations-acceptance.ts.
 */
export class Invitations {
  constructor(
    private readonly kit: PeopleKit,
    private readonly members: Members,
  ) {}

  /**
   * Mailed when a mailer is configured (the answer then has no link), by an owner whose address is
   * verified; otherwise the link is in the answer. With an `idempotencyKey`, a retry creates nothing
   * new (invitation-replay.ts).
   */
  async create(
    ownerId: string,
    accountId: string,
    input: InvitationInput,
    context: RequestContext,
    idempotencyKey?: string,
  ): Promise<CreatedInvitation> {
    await this.members.requireOwner(ownerId, accountId);
    // The mail goes to any address and carries the account's name: its sender must have proven their own.
    const inviter = await this.kit.deps.people.getPerson(ownerId);
    if (!inviter || !this.kit.emailVerified(inviter)) throw verifyEmailFirst('invite people');
    const { email, role } = parseOrThrow(InvitationInput, input, 'body');
    const id = idempotencyKey === undefined ? randomId('inv') : idempotentInvitationId(accountId, idempotencyKey);
    const replay = async (): Promise<CreatedInvitation | null> => {
      if (idempotencyKey === undefined) return null;
      const existing = await this.kit.deps.people.getInvitation(id);
      return existing && replayInvitation(existing, { email, role }, this.kit.mailConfigured);
    };
    const replayed = await replay();
    if (replayed) return replayed;
    const members = await this.kit.deps.people.listPeople({ accountId });
    if (members.some((person) => person.email === email)) throw new DomainError('conflict', `${email} is already a member of this account`);
    let issued: { invitation: InvitationView; link: IssuedLink };
    try {
      issued = await this.issue(id, accountId, email, role, byPerson(ownerId, context));
    } catch (error) {
      // Two retries at once: the store let one insert the id; the other answers as a later retry would.
      const raced = isDomainError(error) && error.code === 'conflict' ? await replay() : null;
      if (raced) return raced;
      throw error;
    }
    const { invitation, link } = issued;
    if (!this.kit.mailConfigured) return { invitation, link };
    const account = await this.kit.deps.keys.getAccount(accountId);
    await this.kit.mail(invitationMail(email, account?.name ?? accountId, link.link));
    return { invitation, link: null };
  }

  /** `petstore invites create`: the link is printed for the operator to pass on. */
  async createAsOperator(accountId: string | null, input: InvitationInput): Promise<CreatedInvitation & { link: IssuedLink }> {
    const { email, role } = parseOrThrow(InvitationInput, input, 'invitation');
    if (accountId === null && this.kit.deps.signUpPolicy === 'closed') {
      throw new DomainError('forbidden', 'sign-up is closed (PETSTORE_SIGNUP=closed): invite into an account that exists (--account)');
    }
    if (accountId !== null && !(await this.kit.deps.keys.getAccount(accountId))) {
      throw new DomainError('not_found', `account ${accountId} does not exist`);
    }
    // Whoever signs up creates their account, so they own it.
    return this.issue(randomId('inv'), accountId, email, accountId === null ? 'owner' : role, { actor: this.kit.deps.actor, clientAddress: null });
  }

  async list(ownerId: string, accountId: string): Promise<InvitationView[]> {
    await this.members.requireOwner(ownerId, accountId);
    const invitations = await this.kit.deps.people.listInvitations(accountId);
    return invitations.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map(invitationView);
  }

  /** Withdraws an open invitation; one already withdrawn stays so, one accepted is a `conflict`. */
  async revoke(ownerId: string, accountId: string, invitationId: string, context: RequestContext): Promise<void> {
    await this.members.requireOwner(ownerId, accountId);
    const invitation = await this.kit.deps.people.getInvitation(invitationId);
    if (!invitation || invitation.accountId !== accountId) throw new DomainError('not_found', `invitation ${invitationId} does not exist`);
    if (invitation.acceptedAt !== null) throw new DomainError('conflict', `invitation ${invitationId} was accepted already`);
    if (invitation.revokedAt !== null) return;
    const at = this.kit.now();
    const changes = initialValues({ invitation: invitationId, revokedAt: at });
    await this.kit.trail.record('invitation.revoked', { accountId }, changes, byPerson(ownerId, context));
    await this.kit.deps.people.revokeInvitation(invitationId, at);
  }

  /** The open invitation a link's token names; `gone`, the same way, for any that cannot be accepted. */
  async open(token: string): Promise<Invitation> {
    const invitation = await this.kit.deps.people.findInvitationByTokenHash(hashSecretToken(token));
    if (!invitation || invitation.acceptedAt !== null || invitation.revokedAt !== null || invitation.expiresAt <= this.kit.now()) {
      throw new DomainError('gone', CLOSED);
    }
    return invitation;
  }

  /** Claims the invitation once, for the one acceptance that wins. */
  async claim(invitation: Invitation): Promise<void> {
    if (!(await this.kit.deps.people.acceptInvitation(invitation.id, this.kit.now()))) throw new DomainError('gone', CLOSED);
  }

  private async issue(
    id: string,
    accountId: string | null,
    email: string,
    role: Role,
    by: AuditActor,
  ): Promise<{ invitation: InvitationView; link: IssuedLink }> {
    const token = newSecretToken();
    const createdAt = this.kit.now();
    const invitation: Invitation = {
      id,
      accountId,
      email,
      role,
      tokenHash: hashSecretToken(token),
      invitedBy: by.actor,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + LINK_LIFETIME_MS['accept-invitation']),
      acceptedAt: null,
      revokedAt: null,
    };
    // An invitation to sign up belongs to no account yet: the account it makes records who invited.
    if (accountId !== null) {
      await this.kit.trail.record('invitation.created', { accountId }, initialValues({ invitation: invitation.id, email, role }), by);
    }
    await this.kit.deps.people.insertInvitation(invitation);
    return {
      invitation: invitationView(invitation),
      link: { link: portalLink(this.kit.deps.publicBaseUrl, 'accept-invitation', token), expiresAt: invitation.expiresAt },
    };
  }
}
