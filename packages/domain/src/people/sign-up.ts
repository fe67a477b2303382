import { initialValues } from '../audit/audit-trail.js';
import { randomId } from '../auth/api-key.js';
import { DomainError, isDomainError } from '../errors/domain-error.js';
import { parseOrThrow } from '../validation/parse.js';
import type { RequestContext } from './deps.js';
import { addressTakenMail, verificationMail } from './mail-texts.js';
import { byPerson, type PeopleKit } from './people-kit.js';
import type { Person } from './ports.js';
import { SignUpInput, VerifyEmailInput } from './schemas.js';
import type { SignUpAnswer } from './views.js';

const TAKEN = 'someone already has this email address; sign in, or reset the password';

/**
 * Signing up makes an account with its first owner. While verification is on, a taken address is
 * answered exactly like a free one (its owner is mailed a notice instead of a link), and both paths
 * hash the password, so neither answer nor timing tells an outsider who is registered.
 */
export class SignUp {
  constructor(private readonly kit: PeopleKit) {}

  async signUp(input: SignUpInput, context: RequestContext): Promise<SignUpAnswer> {
    const policy = this.kit.deps.signUpPolicy;
    if (policy !== 'open') {
      throw new DomainError(
        'forbidden',
        policy === 'invite' ? 'sign-up is by invitation only: ask an account owner or the operator' : 'sign-up is closed',
      );
    }
    const { email, password, accountName } = parseOrThrow(SignUpInput, input, 'body');
    await this.kit.deps.passwordPolicy.checkPassword(password, { email });
    const answer = { email, verificationRequired: this.kit.verificationRequired };
    const existing = await this.kit.deps.people.findPersonByEmail(email);
    const passwordHash = await this.kit.deps.hasher.hash(password);
    if (existing) return this.taken(existing.email, answer);
    const now = this.kit.now();
    const person: Person = { id: randomId('per'), email, emailVerifiedAt: null, passwordHash, passwordChangedAt: now, createdAt: now };
    const by = byPerson(person.id, context);
    const account = await this.kit.deps.accounts.createAccount(accountName, by);
    const subject = { accountId: account.id, personId: person.id };
    await this.kit.trail.record('person.signed-up', subject, initialValues({ email, role: 'owner' }), by);
    try {
      await this.kit.deps.people.insertPerson(person);
    } catch (error) {
      // Another sign-up took the address between the lookup and here; answered like any taken address.
      if (isDomainError(error) && error.code === 'conflict') return this.taken(email, answer);
      throw error;
    }
    await this.kit.deps.people.insertMembership({ accountId: account.id, personId: person.id, role: 'owner', createdAt: now });
    if (this.kit.verificationRequired) this.kit.mailLater(verificationMail(email, (await this.kit.issueLink(person, 'verify-email')).link));
    return answer;
  }

  async verifyEmail(input: VerifyEmailInput, context: RequestContext): Promise<void> {
    const { token } = parseOrThrow(VerifyEmailInput, input, 'body');
    const { person, standing } = await this.kit.useLink(token, 'verify-email');
    if (person.emailVerifiedAt !== null) return;
    const at = this.kit.now();
    const subject = { accountId: standing.account.id, personId: person.id };
    await this.kit.trail.record('person.verified', subject, initialValues({ emailVerifiedAt: at }), byPerson(person.id, context));
    await this.kit.deps.people.updatePerson(person.id, { emailVerifiedAt: at });
  }

  private taken(email: string, answer: SignUpAnswer): SignUpAnswer {
    if (!this.kit.verificationRequired) throw new DomainError('conflict', TAKEN);
    this.kit.mailLater(addressTakenMail(email, `${this.kit.deps.publicBaseUrl.replace(/\/+$/, '')}/portal/sign-in`));
    return answer;
  }
}
