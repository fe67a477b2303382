import { randomBytes } from 'node:crypto';
import { DomainError, isDomainError } from '../errors/domain-error.js';
import { parseOrThrow } from '../validation/parse.js';
import type { RequestContext } from './deps.js';
import { OncePer } from './once-per.js';
import { byAnonymous, type PeopleKit } from './people-kit.js';
import type { Person } from './ports.js';
import { SignInInput } from './schemas.js';
import type { Sessions } from './sessions.js';
import type { SignedIn } from './views.js';

export const WRONG_EMAIL_OR_PASSWORD = 'the email or password is wrong';

/**
 * Signing in with a password. The throttle is charged before the first await; an unknown email
 * costs the same argon2 verification as a known one (against a hash of a random password), and
 * both fail alike, so neither the answer nor its timing tells whether anyone has the address.
 */
export class PasswordSignIn {
  private dummyHash: Promise<string> | undefined;
  /** A throttled attempt is recorded at most once a minute per person (and process): a guesser cannot flood the trail. */
  private readonly throttledRecorded = new OncePer(60_000);

  constructor(
    private readonly kit: PeopleKit,
    private readonly sessions: Sessions,
  ) {}

  async signIn(input: SignInInput, context: RequestContext): Promise<SignedIn> {
    const { email, password } = parseOrThrow(SignInInput, input, 'body');
    await this.admit(email, context);
    const person = await this.check(email, password);
    return this.sessions.start(person, 'password', context);
  }

  /**
   * Charges an attempt at the password of `email` to the throttle before this method's first
   * await, so before the caller's when the caller awaits it first; `rate_limited` past a budget,
   * recorded in the trail of the account the address belongs to.
   */
  async admit(email: string, context: RequestContext): Promise<void> {
    try {
      await this.kit.deps.throttle.admit(email, context.clientAddress);
    } catch (error) {
      if (isDomainError(error) && error.code === 'rate_limited') await this.recordThrottled(email, context);
      throw error;
    }
  }

  /** The person whose password this is; `unauthorized`, the same way, for a wrong password or an unknown email. */
  async check(email: string, password: string): Promise<Person> {
    const person = await this.kit.deps.people.findPersonByEmail(email);
    const matches = await this.kit.deps.hasher.verify(person?.passwordHash ?? (await this.decoy()), password);
    if (!person || !matches) throw new DomainError('unauthorized', WRONG_EMAIL_OR_PASSWORD);
    return person;
  }

  /** Made by the service's own hasher, so it costs what a real hash costs under the same parameters. */
  private decoy(): Promise<string> {
    this.dummyHash ??= this.kit.deps.hasher.hash(randomBytes(32).toString('base64url'));
    return this.dummyHash;
  }

  /** Into the trail of the account the address belongs to; an address nobody has belongs to no account's trail. */
  private async recordThrottled(email: string, context: RequestContext): Promise<void> {
    const person = await this.kit.deps.people.findPersonByEmail(email);
    const standing = person && (await this.kit.standing(person.id));
    if (!person || !standing || !this.throttledRecorded.first(person.id, this.kit.now().getTime())) return;
    const subject = { accountId: standing.account.id, personId: person.id };
    await this.kit.trail.record('signin.throttled', subject, {}, byAnonymous(context));
  }
}
