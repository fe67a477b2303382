import type { AccountService } from '../accounts/account-service.js';
import type { AuditLog } from '../audit/ports.js';
import type { KeyStore } from '../auth/ports.js';
import type { KeyService } from '../keys/key-service.js';
import type { Clock } from '../clock/clock.js';
import type { Mailer, PasswordHasher, PeopleStore } from './ports.js';
import type { SignInThrottle } from './sign-in-throttle.js';

/**
 * Who may sign up (PETSTORE_SIGNUP): `open` anyone; `invite` only through an invitation (an
 * owner's, or the operator's `petstore invites create`); `closed` nobody new, though owners still
 * invite members into accounts that exist.
 */
export type SignUpPolicy = 'open' | 'invite' | 'closed';

/**
 * Decides whether a new password may be used (length, the common-password list, the person's own
 * address); rejects with DomainError `invalid_request` saying why not, never repeating it.
 */
export interface PasswordPolicy {
  checkPassword(password: string, context: { email?: string }): Promise<void>;
}

/** Where a change comes from over HTTP; who makes it is given separately (the signed-in person). */
export interface RequestContext {
  /** The client's address as the HTTP shell resolved it (behind PETSTORE_TRUST_PROXY). */
  clientAddress: string;
  /** The User-Agent header as sent (for the person's list of sessions), or empty. */
  userAgent: string;
}

export interface PeopleServiceDeps {
  people: PeopleStore;
  /** Accounts are kept beside their keys. */
  keys: KeyStore;
  /** Creates the account of a person signing up (and records it). */
  accounts: AccountService;
  /** Revokes the keys of a member removed. */
  keyService: KeyService;
  audit: AuditLog;
  clock: Clock;
  hasher: PasswordHasher;
  passwordPolicy: PasswordPolicy;
  throttle: SignInThrottle;
  signUpPolicy: SignUpPolicy;
  /**
   * Sends verification, invitation and reset mail. When present, email verification is required
   * (no key before it); when absent, verification is off and links come from the operator.
   */
  mailer?: Mailer | undefined;
  /**
   * Told of a message that could not be sent after the answer was given (mail whose sending must
   * not show in an answer's timing: a reset asked for, a sign-up with a taken address). The runtime
   * logs it; the recipient's address is in the error only if the mailer put it there.
   */
  onMailFailure?: ((error: unknown) => void) | undefined;
  /** PUBLIC_BASE_URL: links point at its portal pages. */
  publicBaseUrl: string;
  /** Who the command line's changes are by (PETSTORE_ACTOR, or the operating-system user). */
  actor: string;
}
