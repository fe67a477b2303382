import { InvitationAcceptance } from './invitation-acceptance.js';
import { Invitations } from './invitations.js';
import { Members, type RemovedMember } from './members.js';
import { Passwords } from './passwords.js';
import { PeopleKit } from './people-kit.js';
import { Sessions } from './sessions.js';
import { PasswordSignIn } from './sign-in.js';
import { SignUp } from './sign-up.js';
import { DomainError } from '../errors/domain-error.js';
import type { PeopleServiceDeps, RequestContext } from './deps.js';
import type { MailDelivery } from './ports.js';
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
  private readonly kit: PeopleKit;
  private readonly sessions: Sessions;
  private readonly passwordSignIn: PasswordSignIn;
  private readonly signUps: SignUp;
  private readonly passwords: Passwords;
  private readonly members: Members;
  private readonly invitations: Invitations;
  private readonly acceptance: InvitationAcceptance;

  constructor(deps: PeopleServiceDeps) {
    this.kit = new PeopleKit(deps);
    this.sessions = new Sessions(this.kit);
    this.passwordSignIn = new PasswordSignIn(this.kit, this.sessions);
    this.signUps = new SignUp(this.kit);
    this.passwords = new Passwords(this.kit, this.sessions, this.passwordSignIn);
    this.members = new Members(this.kit);
    this.invitations = new Invitations(this.kit, this.members);
    this.acceptance = new InvitationAcceptance(this.kit, this.invitations, this.sessions, this.passwordSignIn);
  }

  /** Whether the service sends mail (PETSTORE_SMTP_URL): links are mailed then, never answered. */
  get mailConfigured(): boolean {
    return this.kit.mailConfigured;
  }

  /** Where the messages this service sends end up, for answers to say where to look. */
  get mailDelivery(): MailDelivery {
    return this.kit.deps.mailer?.delivery ?? 'none';
  }

  /** Whether addresses must be verified: exactly when mail can be sent. */
  get verificationRequired(): boolean {
    return this.kit.verificationRequired;
  }

  async signUp(input: SignUpInput, context: RequestContext): Promise<SignUpAnswer> {
    return this.signUps.signUp(input, context);
  }

  async verifyEmail(input: VerifyEmailInput, context: RequestContext): Promise<void> {
    return this.signUps.verifyEmail(input, context);
  }

  /** Mails the signed-in person a new verification link; nothing when verified already or when verification is off. */
  async resendVerification(personId: string): Promise<void> {
    return this.signUps.resendVerification(personId);
  }

  async signIn(input: SignInInput, context: RequestContext): Promise<SignedIn> {
    return this.passwordSignIn.signIn(input, context);
  }

  /**
   * A session begun by another proof than a password (a passkey's assertion, checked by the
   * caller): a new token, as at every sign-in; refused for a suspended account.
   */
  async startVerifiedSession(personId: string, method: 'passkey', context: RequestContext): Promise<SignedIn> {
    const person = await this.kit.deps.people.getPerson(personId);
    if (!person) throw new DomainError('unauthorized', `person ${personId} does not exist`);
    return this.sessions.start(person, method, context);
  }

  /** Who holds this session token; `unauthorized` when unknown, ended or expired (deleted when met). */
  async authenticateSession(token: string): Promise<SessionPrincipal> {
    return this.sessions.authenticate(token);
  }

  async signOut(token: string, context: RequestContext): Promise<void> {
    return this.sessions.end(token, context);
  }

  /** Ends every session of the person, the one asking included; how many there were. */
  async signOutEverywhere(personId: string, context: RequestContext): Promise<number> {
    return this.sessions.endAll(personId, 'signed-out-everywhere', context);
  }

  async listSessions(personId: string): Promise<SessionView[]> {
    return this.sessions.list(personId);
  }

  /** Ends one of the person's own sessions by its handle (SessionView.id); `not_found` for anyone else's. */
  async endSession(personId: string, sessionHandle: string, context: RequestContext): Promise<void> {
    return this.sessions.endByHandle(personId, sessionHandle, context);
  }

  /** Always succeeds, whether or not anyone has the address: mails a reset link only to a person who does. */
  async requestPasswordReset(input: PasswordResetRequest, context: RequestContext): Promise<void> {
    return this.passwords.requestReset(input, context);
  }

  /** Sets a new password by a reset link, ending every session of the person. */
  async resetPassword(input: ResetPasswordInput, context: RequestContext): Promise<void> {
    return this.passwords.reset(input, context);
  }

  /** Changes the signed-in person's password, ending all their sessions; a new session for the one asking. */
  async changePassword(personId: string, input: ChangePasswordInput, context: RequestContext): Promise<SignedIn> {
    return this.passwords.change(personId, input, context);
  }

  /**
   * An owner invites someone into their account; the link is in the answer only when no mailer is
   * configured. A retry with the same `idempotencyKey` creates no second invitation (invitation-replay.ts).
   */
  async createInvitation(
    ownerId: string,
    accountId: string,
    input: InvitationInput,
    context: RequestContext,
    idempotencyKey?: string,
  ): Promise<CreatedInvitation> {
    return this.invitations.create(ownerId, accountId, input, context, idempotencyKey);
  }

  async listInvitations(ownerId: string, accountId: string): Promise<InvitationView[]> {
    return this.invitations.list(ownerId, accountId);
  }

  async revokeInvitation(ownerId: string, accountId: string, invitationId: string, context: RequestContext): Promise<void> {
    return this.invitations.revoke(ownerId, accountId, invitationId, context);
  }

  /** Joins the invitation's account (or creates one, for an invitation to sign up) and signs in. */
  async acceptInvitation(input: AcceptInvitationInput, context: RequestContext): Promise<SignedIn> {
    return this.acceptance.accept(input, context);
  }

  async listMembers(ownerId: string, accountId: string): Promise<MemberView[]> {
    return this.members.list(ownerId, accountId);
  }

  /**
   * An owner removes a member (and ends their sessions), revoking the keys they made unless
   * `keepKeys`; the last owner cannot be removed.
   */
  async removeMember(
    ownerId: string,
    accountId: string,
    personId: string,
    context: RequestContext,
    options: { keepKeys: boolean } = { keepKeys: false },
  ): Promise<RemovedMember> {
    return this.members.remove(ownerId, accountId, personId, context, options);
  }

  /** The operator's `petstore invites create`: always answers the link (printed, not mailed). */
  async inviteAsOperator(accountId: string | null, input: InvitationInput): Promise<CreatedInvitation & { link: IssuedLink }> {
    return this.invitations.createAsOperator(accountId, input);
  }

  /** The operator's `petstore people reset-link`: a reset link for a person who exists (`not_found` otherwise). */
  async resetLinkFor(email: string): Promise<IssuedLink> {
    return this.passwords.resetLinkFor(email);
  }

  /** The operator's `petstore people list [--account …]`. */
  async listPeople(query: { accountId?: string | undefined } = {}): Promise<PersonListing[]> {
    return this.members.listPeople(query);
  }
}
