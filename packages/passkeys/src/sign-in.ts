import { DomainError, type Passkey } from '@petstore/domain';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { CEREMONY_TIMEOUT_MS } from './challenges.js';
import { userHandleOf } from './registration.js';
import type { RelyingParty } from './relying-party.js';
import { webauthnLibrary } from './webauthn-library.js';

/** One refusal for every way an assertion fails, so that an answer tells nothing of which passkeys exist. */
export const SIGN_IN_REFUSED = 'the passkey could not sign you in';

/**
 * The options for navigator.credentials.get(): no allowCredentials, so the browser offers the
 * discoverable passkeys it holds for this RP ID and nobody has to say who they are first.
 */
export async function signInOptions(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await webauthnLibrary();
  return generateAuthenticationOptions({ rpID: rp.id, timeout: CEREMONY_TIMEOUT_MS, userVerification: 'preferred' });
}

/**
 * The passkey's new signature counter once the assertion is verified against the stored public key
 * and the kept challenge. The library refuses a counter that did not grow when either is non-zero
 * (a cloned authenticator); authenticators that keep no counter always send 0.
 */
export async function verifiedCounter(rp: RelyingParty, response: AuthenticationResponseJSON, passkey: Passkey, challenge: string): Promise<number> {
  // The user handle, when the authenticator gives one, must name the passkey's owner (WebAuthn §7.2 step 6).
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== Buffer.from(userHandleOf(passkey.personId)).toString('base64url')) {
    throw new DomainError('unauthorized', SIGN_IN_REFUSED);
  }
  const { verifyAuthenticationResponse } = await webauthnLibrary();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.id,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: false,
  }).catch((error: unknown) => {
    throw new DomainError('unauthorized', SIGN_IN_REFUSED, { cause: error });
  });
  if (!verification.verified) throw new DomainError('unauthorized', SIGN_IN_REFUSED);
  return verification.authenticationInfo.newCounter;
}
