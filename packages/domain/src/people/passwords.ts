import { initialValues } from '../audit/audit-trail.js';
import { DomainError, isDomainError } from '../errors/domain-error.js';
import { parseOrThrow } from '../validation/parse.js';
import type { RequestContext } from './deps.js';
import { resetMail } from './mail-texts.js';
import { OncePer } from './once-per.js';
import { byAnonymous, byPerson, type PeopleKit, type Standing } from './people-kit.js';
import type { Person } from './ports.js';
import { ChangePasswordInput, Email, PasswordResetRequest, ResetPasswordInput } from './schemas.js';
import type { Sessions } from './sessions.js';
import type { PasswordSignIn } from './sign-in.js';
import type { IssuedLink, SignedIn } from './views.js';

/**
 * Forgotten and changed passwords. A new password ends every session of its person: whoever
 * knew the old one, or held a cookie, is signed out.
 */
export class Passwords {
  /** One reset link a minute per person (and process) at most: asking again within it mails nothing new. */
  private readonly resetMailed = new OncePer(60_000);

  constructor(
    private readonly kit: PeopleKit,
    private readonly sessions: Sessions,
    private readonly signIn: PasswordSignIn,
  ) {}

  /**
   * Answers the same whether or not anyone has the address: the lookup is the only work done
   * before the answer; the link is made and mailed after it.
   */
  async requestReset(input: PasswordResetRequest, context: RequestContext): Promise<void> {
    const { email } = parseOrThrow(PasswordResetRequest, input, 'body');
    // Charged like a sign-in attempt, before the first await: nobody mails someone without bound.
    await this.kit.deps.throttle.admit(email, context.clientAddress);
    const person = await this.kit.deps.people.findPersonByEmail(email);
    if (!person || !this.kit.mailConfigured || !this.resetMailed.first(person.id, this.kit.now().getTime())) return;
    this.mailResetLink(person, context).catch((error: unknown) => this.kit.deps.onMailFailure?.(error));
  }

  async reset(input: ResetPasswordInput, context: RequestContext): Promise<void> {
    const { token, password } = parseOrThrow(ResetPasswordInput, input, 'body');
    // Charged to the client's budget before the first await, as everything that takes a password is: the
    // token cannot be guessed, but nobody may have the service check tokens and passwords without bound.
    await this.kit.deps.throttle.admitClient(context.clientAddress);
    // Before the link is used: a refused password leaves the link usable for a better one.
    await this.kit.deps.passwordPolicy.checkPassword(password, {});
    const { person, standing } = await this.kit.useLink(token, 'reset-password');
    await this.kit.deps.passwordPolicy.checkPassword(password, { email: person.email });
    // Following the mailed link proves the address as well as a verification link would.
    await this.setPassword(person, standing, password, 'password.reset', context, { emailVerifiedAt: person.emailVerifiedAt ?? this.kit.now() });
    await this.sessions.endAll(person.id, 'password-reset', context);
  }

  /** Needs the current password (a left-open browser is not enough); a new session replaces every one. */
  async change(personId: string, input: ChangePasswordInput, context: RequestContext): Promise<SignedIn> {
    const { currentPassword, newPassword } = parseOrThrow(ChangePasswordInput, input, 'body');
    const known = await this.kit.deps.people.getPerson(personId);
    if (!known) throw new DomainError('not_found', `person ${personId} does not exist`);
    // Throttled like a sign-in: a stolen session must not become a way to guess the password.
    await this.kit.deps.throttle.admit(known.email, context.clientAddress);
    const person = await this.signIn.check(known.email, currentPassword).catch((error: unknown) => {
      throw isDomainError(error) && error.code === 'unauthorized'
        ? new DomainError('invalid_request', 'currentPassword: the current password is wrong')
        : error;
    });
    await this.kit.deps.passwordPolicy.checkPassword(newPassword, { email: person.email });
    const standing = await this.kit.standing(person.id);
    if (!standing) throw new DomainError('forbidden', 'you belong to no account');
    const changed = await this.setPassword(person, standing, newPassword, 'password.changed', context, {});
    await this.sessions.endAll(person.id, 'password-changed', context);
    return this.sessions.start(changed, 'password', context);
  }

  /** The operator's reset link, printed rather than mailed; `not_found` for an address nobody (in an account) has. */
  async resetLinkFor(email: string): Promise<IssuedLink> {
    const address = parseOrThrow(Email, email, 'email');
    const person = await this.kit.deps.people.findPersonByEmail(address);
    const standing = person && (await this.kit.standing(person.id));
    if (!person || !standing) throw new DomainError('not_found', `nobody in an account has the email address ${address}`);
    await this.kit.trail.record(
      'password.reset-requested',
      { accountId: standing.account.id, personId: person.id },
      initialValues({ via: 'operator' }),
    );
    return this.kit.issueLink(person, 'reset-password');
  }

  private async mailResetLink(person: Person, context: RequestContext): Promise<void> {
    const standing = await this.kit.standing(person.id);
    if (!standing) return;
    const subject = { accountId: standing.account.id, personId: person.id };
    await this.kit.trail.record('password.reset-requested', subject, initialValues({ via: 'mail' }), byAnonymous(context));
    const { link } = await this.kit.issueLink(person, 'reset-password');
    await this.kit.mail(resetMail(person.email, link));
  }

  private async setPassword(
    person: Person,
    standing: Standing,
    password: string,
    action: 'password.reset' | 'password.changed',
    context: RequestContext,
    extra: { emailVerifiedAt?: Date | null },
  ): Promise<Person> {
    const passwordHash = await this.kit.deps.hasher.hash(password);
    const at = this.kit.now();
    const subject = { accountId: standing.account.id, personId: person.id };
    await this.kit.trail.record(action, subject, initialValues({ passwordChangedAt: at }), byPerson(person.id, context));
    const changed = await this.kit.deps.people.updatePerson(person.id, { passwordHash, passwordChangedAt: at, ...extra });
    if (!changed) throw new DomainError('not_found', `person ${person.id} does not exist`);
    return changed;
  }
}
