import { DomainError, type Passkey, type Person } from '@petstore/domain';
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { CEREMONY_TIMEOUT_MS } from './challenges.js';
import type { RelyingParty } from './relying-party.js';
import { webauthnLibrary } from './webauthn-library.js';

/**
 * The options for navigator.credentials.create(): the person's own passkeys excluded (an
 * authenticator holding one says so instead of making a second), a discoverable credential
 * preferred (so that sign-in needs no email), user verification preferred. The user handle is the
 * person's id, which a sign-in's assertion gives back.
 */
export async function registrationOptions(
  rp: RelyingParty,
  person: Person,
  existing: readonly Passkey[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { generateRegistrationOptions } = await webauthnLibrary();
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: person.email,
    userID: userHandleOf(person.id),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** The new credential, verified against the challenge the service kept; `invalid_request` when it is not. */
export async function verifiedCredential(rp: RelyingParty, response: RegistrationResponseJSON, challenge: string) {
  const { verifyRegistrationResponse } = await webauthnLibrary();
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    // As asked for: preferred, not required (an authenticator without a PIN or biometrics is still a possession factor).
    requireUserVerification: false,
  }).catch((error: unknown) => {
    throw new DomainError('invalid_request', 'credential: the passkey could not be verified for this service', { cause: error });
  });
  if (!verification.verified) throw new DomainError('invalid_request', 'credential: the passkey could not be verified for this service');
  return verification.registrationInfo.credential;
}

/** The bytes a passkey carries as its user handle: the person's id, which is no secret and says nothing of them. */
export function userHandleOf(personId: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(personId);
}
