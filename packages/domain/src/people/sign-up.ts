import { initialValues } from '../audit/audit-trail.js';
import { randomId } from '../auth/api-key.js';
import { DomainError, isDomainError } from '../errors/domain-error.js';
import { parseOrThrow } from '../validation/parse.js';
import type { RequestContext } from './deps.js';
import { addressTakenMail, verificationMail } from './mail-texts.js';
import { OncePer } from './once-per.js';
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
  /** One "someone tried to sign up" notice a minute per address (and process) at most. */
  private readonly noticeMailed = new OncePer(60_000);
  /** One verification link a minute per person (and process) asked for again. */
  private readonly verificationResent = new OncePer(60_000);

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
    // Charged like a sign-in attempt, before the first await: one client cannot make accounts (or mail) without bound.
    await this.kit.deps.throttle.admit(email, context.clientAddress);
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

  /** Mails a fresh verification link to a signed-in person whose address is not verified yet (an earlier link lost or expired). */
  async resendVerification(personId: string): Promise<void> {
    const person = await this.kit.deps.people.getPerson(personId);
    if (!person) throw new DomainError('not_found', `person ${personId} does not exist`);
    if (!this.kit.verificationRequired || person.emailVerifiedAt !== null) return;
    if (!this.verificationResent.first(person.id, this.kit.now().getTime())) {
      throw new DomainError('rate_limited', 'a verification link was sent less than a minute ago; check your mail', { retryAfterSeconds: 60 });
    }
    await this.kit.mail(verificationMail(person.email, (await this.kit.issueLink(person, 'verify-email')).link));
  }

  private taken(email: string, answer: SignUpAnswer): SignUpAnswer {
    if (!this.kit.verificationRequired) throw new DomainError('conflict', TAKEN);
    if (!this.noticeMailed.first(email, this.kit.now().getTime())) return answer;
    this.kit.mailLater(addressTakenMail(email, `${this.kit.deps.publicBaseUrl.replace(/\/+$/, '')}/portal/sign-in`));
    return answer;
  }
}
