import {
  AuditTrail,
  DomainError,
  initialValues,
  parseOrThrow,
  type AuditActor,
  type AuditLog,
  type Clock,
  type PeopleService,
  type PeopleStore,
  type Person,
  type RequestContext,
  type SignedIn,
} from '@petstore/domain';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { Challenges, type ChallengeThrottle } from './challenges.js';
import { passkeyView, type PasskeyView } from './passkey-views.js';
import { registrationOptions, verifiedCredential } from './registration.js';
import { relyingPartyOf, type RelyingParty } from './relying-party.js';
import { FinishRegistrationInput, FinishSignInInput, PasskeyId } from './schemas.js';
import { SIGN_IN_REFUSED, signInOptions, verifiedCounter } from './sign-in.js';

/** Enough for every device a person signs in from, and a bound on what one person can make the store keep. */
export const MAX_PASSKEYS_PER_PERSON = 20;

export interface PasskeyServiceDeps {
  people: PeopleStore;
  /** Opens the session a verified passkey signs in to (refused for a suspended account). */
  sessions: Pick<PeopleService, 'startVerifiedSession'>;
  audit: AuditLog;
  clock: Clock;
  /** Where people's browsers reach the service (PUBLIC_BASE_URL): its hostname is the RP ID, its origin the one page origin accepted. */
  publicBaseUrl: string;
  /** The operator's name for the process (PETSTORE_ACTOR); changes here are recorded as the person's. */
  actor: string;
  /** Every challenge kept is charged to its client's budgets (createChallengeThrottle). */
  throttle: ChallengeThrottle;
}

/** What a ceremony's start answers: the options for the browser, and the handle its finish sends back. */
export interface CeremonyStart<Options> {
  challengeId: string;
  options: Options;
}

/**
 * Passkeys (WebAuthn, through @simplewebauthn/server) as a second way to sign in: registered
 * from a signed-in session, used without a password, listed and removed by their person.
 * docs/passkeys.md says what an operator must know (the RP ID, counters).
 */
export class PasskeyService {
  private readonly rp: RelyingParty;
  private readonly challenges: Challenges;
  private readonly audit: AuditTrail;

  constructor(private readonly deps: PasskeyServiceDeps) {
    this.rp = relyingPartyOf(deps.publicBaseUrl);
    this.challenges = new Challenges(deps);
    this.audit = new AuditTrail({ log: deps.audit, clock: deps.clock, actor: deps.actor });
  }

  async startRegistration(personId: string, context: RequestContext): Promise<CeremonyStart<PublicKeyCredentialCreationOptionsJSON>> {
    const person = await this.person(personId);
    const existing = await this.deps.people.listPasskeys(personId);
    if (existing.length >= MAX_PASSKEYS_PER_PERSON) {
      throw new DomainError('conflict', `a person may have at most ${MAX_PASSKEYS_PER_PERSON} passkeys; remove one first`);
    }
    const options = await registrationOptions(this.rp, person, existing);
    return { challengeId: await this.challenges.keep(options.challenge, personId, context.clientAddress), options };
  }

  async finishRegistration(personId: string, input: FinishRegistrationInput, context: RequestContext): Promise<PasskeyView> {
    const { challengeId, credential, name } = parseOrThrow(FinishRegistrationInput, input, 'body');
    const challenge = await this.challenges.take(challengeId, personId);
    const verified = await verifiedCredential(this.rp, credential, challenge);
    if (await this.deps.people.getPasskey(verified.id)) throw new DomainError('conflict', 'credential: this passkey is registered already');
    const passkey = {
      id: verified.id,
      personId,
      publicKey: Buffer.from(verified.publicKey).toString('base64url'),
      counter: verified.counter,
      transports: verified.transports ?? [],
      name: name ?? 'Passkey',
      createdAt: this.deps.clock.now(),
      lastUsedAt: null,
    };
    await this.record('passkey.added', personId, { passkeyId: passkey.id, name: passkey.name }, context);
    await this.deps.people.insertPasskey(passkey);
    return passkeyView(passkey);
  }

  /** Open to anyone, signed in or not: the challenge it keeps is charged to the client's budget. */
  async startSignIn(context: RequestContext): Promise<CeremonyStart<PublicKeyCredentialRequestOptionsJSON>> {
    const options = await signInOptions(this.rp);
    return { challengeId: await this.challenges.keep(options.challenge, null, context.clientAddress), options };
  }

  /** Deletes the ceremonies' challenges that expired without being taken; the runtime calls it on a schedule. */
  pruneExpiredChallenges(): Promise<void> {
    return this.challenges.prune();
  }

  /** Verifies the assertion against the stored passkey, records its counter, and signs its person in. */
  async finishSignIn(input: FinishSignInInput, context: RequestContext): Promise<SignedIn> {
    const { challengeId, credential } = parseOrThrow(FinishSignInInput, input, 'body');
    // Taken before anything else is looked at, so that each challenge answers at most one assertion.
    const challenge = await this.challenges.take(challengeId, null);
    const passkey = await this.deps.people.getPasskey(credential.id);
    if (passkey === null) throw new DomainError('unauthorized', SIGN_IN_REFUSED);
    const counter = await verifiedCounter(this.rp, credential, passkey, challenge);
    await this.deps.people.recordPasskeyUse(passkey.id, counter, this.deps.clock.now());
    return this.deps.sessions.startVerifiedSession(passkey.personId, 'passkey', context);
  }

  async listPasskeys(personId: string): Promise<PasskeyView[]> {
    return (await this.deps.people.listPasskeys(personId)).map(passkeyView);
  }

  /** Removes one of the person's own passkeys; `not_found` for an unknown one or anyone else's. */
  async deletePasskey(personId: string, passkeyId: string, context: RequestContext): Promise<void> {
    const id = parseOrThrow(PasskeyId, passkeyId, 'passkeyId');
    const passkey = await this.deps.people.getPasskey(id);
    if (passkey === null || passkey.personId !== personId) throw new DomainError('not_found', 'no passkey of yours has this id');
    await this.record('passkey.removed', personId, { passkeyId: passkey.id, name: passkey.name }, context);
    await this.deps.people.deletePasskey(passkey.id);
  }

  private async person(personId: string): Promise<Person> {
    const person = await this.deps.people.getPerson(personId);
    if (person === null) throw new DomainError('unauthorized', 'the signed-in person no longer exists');
    return person;
  }

  /** Recorded as the person's own change, from where they asked, in the account they belong to. */
  private async record(
    action: 'passkey.added' | 'passkey.removed',
    personId: string,
    what: { passkeyId: string; name: string },
    context: RequestContext,
  ) {
    const [membership] = await this.deps.people.membershipsOfPerson(personId);
    if (membership === undefined) throw new DomainError('not_found', 'the signed-in person belongs to no account');
    const by: AuditActor = { actor: `person:${personId}`, clientAddress: context.clientAddress };
    const changes =
      action === 'passkey.added' ? initialValues(what) : { passkeyId: { from: what.passkeyId, to: null }, name: { from: what.name, to: null } };
    await this.audit.record(action, { accountId: membership.accountId, personId }, changes, by);
  }
}
