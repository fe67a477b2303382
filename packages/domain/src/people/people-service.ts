import { DomainError } from '../errors/domain-error.js';
import type { PeopleServiceDeps, RequestContext } from './deps.js';
import type {
  AcceptInvitationInput,
  ChangePasswordInput,
  InvitationInput,
  PasswordResetRequest,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
  VerifyEmailInput,
} from './schemas.js';
import type {
  CreatedInvitation,
  InvitationView,
  IssuedLink,
  MemberView,
  PersonListing,
  SessionPrincipal,
  SessionView,
  SignedIn,
  SignUpAnswer,
} from './views.js';

/**
 * People who sign in, their sessions, invitations and passwords: the domain's side of a consumer
 * getting keys without the operator. Every input is parsed with the exported schemas; every
 * change is in the audit trail before it is made; no answer tells whether an email is registered
 * where it would matter (sign-in, reset, sign-up while verification is on). docs/people.md.
 */
export class PeopleService {
  constructor(private readonly deps: PeopleServiceDeps) {}

  /** Whether addresses must be verified: exactly when mail can be sent. */
  get verificationRequired(): boolean {
    return this.deps.mailer !== undefined;
  }

  async signUp(input: SignUpInput, context: RequestContext): Promise<SignUpAnswer> {
    return notYet(input, context);
  }

  async verifyEmail(input: VerifyEmailInput, context: RequestContext): Promise<void> {
    return notYet(input, context);
  }

  async signIn(input: SignInInput, context: RequestContext): Promise<SignedIn> {
    return notYet(input, context);
  }

  /**
   * A session begun by another proof than a password (a passkey's assertion, checked by the
   * caller): a new token, as at every sign-in; refused for a suspended account.
   */
  async startVerifiedSession(personId: string, method: 'passkey', context: RequestContext): Promise<SignedIn> {
    return notYet(personId, method, context);
  }

  /** Who holds this session token; `unauthorized` when unknown, ended or expired (deleted when met). */
  async authenticateSession(token: string): Promise<SessionPrincipal> {
    return notYet(token);
  }

  async signOut(token: string, context: RequestContext): Promise<void> {
    return notYet(token, context);
  }

  /** Ends every session of the person, the one asking included; how many there were. */
  async signOutEverywhere(personId: string, context: RequestContext): Promise<number> {
    return notYet(personId, context);
  }

  async listSessions(personId: string): Promise<SessionView[]> {
    return notYet(personId);
  }

  /** Ends one of the person's own sessions by its handle (SessionView.id); `not_found` for anyone else's. */
  async endSession(personId: string, sessionHandle: string, context: RequestContext): Promise<void> {
    return notYet(personId, sessionHandle, context);
  }

  /** Always succeeds, whether or not anyone has the address: mails a reset link only to a person who does. */
  async requestPasswordReset(input: PasswordResetRequest, context: RequestContext): Promise<void> {
    return notYet(input, context);
  }

  /** Sets a new password by a reset link, ending every session of the person. */
  async resetPassword(input: ResetPasswordInput, context: RequestContext): Promise<void> {
    return notYet(input, context);
  }

  /** Changes the signed-in person's password, ending all their sessions; a new session for the one asking. */
  async changePassword(personId: string, input: ChangePasswordInput, context: RequestContext): Promise<SignedIn> {
    return notYet(personId, input, context);
  }

  /** An owner invites someone into their account; the link is in the answer only when no mailer is configured. */
  async createInvitation(ownerId: string, accountId: string, input: InvitationInput, context: RequestContext): Promise<CreatedInvitation> {
    return notYet(ownerId, accountId, input, context);
  }

  async listInvitations(ownerId: string, accountId: string): Promise<InvitationView[]> {
    return notYet(ownerId, accountId);
  }

  async revokeInvitation(ownerId: string, accountId: string, invitationId: string, context: RequestContext): Promise<void> {
    return notYet(ownerId, accountId, invitationId, context);
  }

  /** Joins the invitation's account (or creates one, for an invitation to sign up) and signs in. */
  async acceptInvitation(input: AcceptInvitationInput, context: RequestContext): Promise<SignedIn> {
    return notYet(input, context);
  }

  async listMembers(ownerId: string, accountId: string): Promise<MemberView[]> {
    return notYet(ownerId, accountId);
  }

  /** An owner removes a member (and ends their sessions); the last owner cannot be removed. */
  async removeMember(ownerId: string, accountId: string, personId: string, context: RequestContext): Promise<void> {
    return notYet(ownerId, accountId, personId, context);
  }

  /** The operator's `petstore invites create`: always answers the link (printed, not mailed). */
  async inviteAsOperator(accountId: string | null, input: InvitationInput): Promise<CreatedInvitation & { link: IssuedLink }> {
    return notYet(accountId, input);
  }

  /** The operator's `petstore people reset-link`: a reset link for a person who exists (`not_found` otherwise). */
  async resetLinkFor(email: string): Promise<IssuedLink> {
    return notYet(email);
  }

  /** The operator's `petstore people list [--account …]`. */
  async listPeople(query: { accountId?: string | undefined } = {}): Promise<PersonListing[]> {
    return notYet(query);
  }
}

function notYet(...args: unknown[]): never {
  throw new DomainError('service_unavailable', `not built yet (${args.length} arguments)`);
}
