import { DisplayName } from '@petstore/domain';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';

/**
 * The inputs of the passkey ceremonies, as zod schemas: the service parses with them and the
 * management door describes its bodies from them. The credentials are the browser's answers to
 * navigator.credentials.create() and .get() as PublicKeyCredential's toJSON() writes them
 * (base64url text for every binary field), checked for shape and size so that a malformed body is
 * a clear `invalid_request` before @simplewebauthn/server reads what the bytes say. Fields the
 * library does not read (browsers add some as WebAuthn grows) are dropped, not refused.
 */
const base64url = (max: number) =>
  z
    .string({ error: 'must be base64url text' })
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` })
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'must be base64url text' });

/** A credential id is at most 1023 bytes (WebAuthn §5.8.3): 1364 characters of base64url. */
export const PasskeyId = base64url(1364).meta({ description: "The passkey's credential id, base64url" });

/** What a ceremony's start answered, sent back with its finish: usable once, for five minutes. */
export const ChallengeId = z
  .string({ error: 'must be text' })
  .regex(/^chl_[A-Za-z0-9_-]{22}$/, { error: 'must be the challengeId a ceremony started with' });

const credentialCommon = {
  id: PasskeyId,
  rawId: PasskeyId,
  type: z.literal('public-key', { error: 'must be "public-key"' }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform'], { error: 'must be platform or cross-platform' }).optional(),
  clientExtensionResults: z.looseObject({}),
};

export const RegistrationCredential = z
  .object({
    ...credentialCommon,
    response: z.object({
      clientDataJSON: base64url(4096),
      attestationObject: base64url(65_536),
      transports: z.array(z.string().max(32)).max(16).optional(),
    }),
  })
  .meta({ description: 'The result of navigator.credentials.create(), as its toJSON() writes it' });

export const AuthenticationCredential = z
  .object({
    ...credentialCommon,
    response: z.object({
      clientDataJSON: base64url(4096),
      authenticatorData: base64url(16_384),
      signature: base64url(2048),
      userHandle: base64url(128).optional(),
    }),
  })
  .meta({ description: 'The result of navigator.credentials.get(), as its toJSON() writes it' });

export const FinishRegistrationInput = z.strictObject({
  challengeId: ChallengeId,
  credential: RegistrationCredential,
  /** Shown in the person's list of passkeys; "Passkey" when not given. */
  name: DisplayName.optional(),
});
/** The body as a browser's page sends it: the credential as PublicKeyCredential's toJSON() wrote it. */
export interface FinishRegistrationInput {
  challengeId: string;
  credential: RegistrationResponseJSON;
  name?: string | undefined;
}

export const FinishSignInInput = z.strictObject({ challengeId: ChallengeId, credential: AuthenticationCredential });
export interface FinishSignInInput {
  challengeId: string;
  credential: AuthenticationResponseJSON;
}
