import { initialValues, type AuditActor } from '../audit/audit-trail.js';
import { randomId } from '../auth/api-key.js';
import type { Account } from '../auth/ports.js';
import { DomainError } from '../errors/domain-error.js';
import { parseOrThrow } from '../validation/parse.js';
import type { RequestContext } from './deps.js';
import type { Invitations } from './invitations.js';
import { byPerson, type PeopleKit } from './people-kit.js';
import type { Invitation, Person } from './ports.js';
import { AcceptInvitationInput } from './schemas.js';
import type { Sessions } from './sessions.js';
import type { PasswordSignIn } from './sign-in.js';
import type { SignedIn } from './views.js';

/** One answer for a wrong password and for a person who belongs to an account already: neither tells the other. */
const NOT_ACCEPTED = 'the email or password is wrong, or the person with this address belongs to an account already';

/**
 * Accepting an invitation: by someone new (who chooses a password), or by a person who exists and
 * belongs to no account (who proves it with theirs). Everything that can refuse is checked before
 * the invitation is claimed, so a mistyped password does not spend it. Following the link proves
 * the address: the person is verified. Whoever holds an invitation to an address can try the
 * password of the person who has it: each try is charged to the sign-in throttle, and no answer
 * tells a right password from a wrong one for a person in an account, nor a registered address
 * from a free one by its password rules.
 */
export class InvitationAcceptance {
  constructor(
    private readonly kit: PeopleKit,
    private readonly invitations: Invitations,
    private readonly sessions: Sessions,
    private readonly signIn: PasswordSignIn,
  ) {}

  async accept(input: AcceptInvitationInput, context: RequestContext): Promise<SignedIn> {
    const { token, email, password, accountName } = parseOrThrow(AcceptInvitationInput, input, 'body');
    await this.signIn.admit(email, context);
    // Before anyone is looked up: a password the rules refuse is the same 400 for a registered address and a free one.
    await this.kit.deps.passwordPolicy.checkPassword(password, { email });
    const invitation = await this.invitations.open(token);
    if (invitation.email !== email) throw new DomainError('forbidden', 'this invitation is for another email address');
    if (invitation.accountId === null && this.kit.deps.signUpPolicy === 'closed') throw new DomainError('forbidden', 'sign-up is closed');
    if (invitation.accountId === null && accountName === undefined) {
      throw new DomainError('invalid_request', 'accountName: give the name of the account this invitation lets you create');
    }
    const existing = await this.kit.deps.people.findPersonByEmail(email);
    let person = existing ? await this.returning(existing, password) : await this.newcomer(email, password);
    await this.invitations.claim(invitation);
    const by = byPerson(person.id, context);
    const account = await this.accountFor(invitation, accountName, by);
    const subject = { accountId: account.id, personId: person.id };
    if (!existing) {
      await this.kit.trail.record('person.signed-up', subject, initialValues({ email, role: invitation.role }), by);
      await this.kit.deps.people.insertPerson(person);
    } else if (person.emailVerifiedAt === null) {
      const emailVerifiedAt = this.kit.now();
      await this.kit.trail.record('person.verified', subject, initialValues({ emailVerifiedAt }), by);
      person = { ...person, emailVerifiedAt };
      await this.kit.deps.people.updatePerson(person.id, { emailVerifiedAt });
    }
    const joined = initialValues({ role: invitation.role, invitation: invitation.id, invitedBy: invitation.invitedBy });
    await this.kit.trail.record('member.joined', subject, joined, by);
    await this.kit.deps.people.insertMembership({ accountId: account.id, personId: person.id, role: invitation.role, createdAt: this.kit.now() });
    return this.sessions.start(person, 'password', context);
  }

  /**
   * A person who exists: their own password, and no account yet (a person belongs to one). Both are
   * looked at whatever the other is, and refused alike, so neither the answer nor the work done
   * confirms a guessed password of someone in an account.
   */
  private async returning(existing: Person, password: string): Promise<Person> {
    const memberships = await this.kit.deps.people.membershipsOfPerson(existing.id);
    const matches = await this.kit.deps.hasher.verify(existing.passwordHash, password);
    if (!matches || memberships.length > 0) throw new DomainError('unauthorized', NOT_ACCEPTED);
    return existing;
  }

  private async newcomer(email: string, password: string): Promise<Person> {
    const now = this.kit.now();
    const passwordHash = await this.kit.deps.hasher.hash(password);
    return { id: randomId('per'), email, emailVerifiedAt: now, passwordHash, passwordChangedAt: now, createdAt: now };
  }

  private async accountFor(invitation: Invitation, accountName: string | undefined, by: AuditActor): Promise<Account> {
    if (invitation.accountId === null) return this.kit.deps.accounts.createAccount(accountName ?? '', by);
    const account = await this.kit.deps.keys.getAccount(invitation.accountId);
    if (!account) throw new DomainError('gone', `the account this invitation was for no longer exists`);
    return account;
  }
}
