import { answer, manage, type Schemas } from './api.js';

/*
 * The document gives WebAuthn's options as an open object with a challenge (the JSON the server's
 * WebAuthn library makes, passed through whole); the browser's parser below checks every member
 * it needs, and throws if one is missing. Back, the browser's toJSON() (typed `any` by the DOM's
 * types) is WebAuthn's JSON form of the credential, which is what the document describes.
 */

/** Signs in with a passkey of this device: the door's options, the browser's ceremony, the door's check. */
export async function signInWithPasskey(): Promise<void> {
  const { challengeId, options } = await answer(manage.POST('/passkey-sign-in/options'));
  const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(options);
  const credential = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential | null;
  if (!credential) throw new Error('no passkey was chosen');
  await answer(
    manage.POST('/passkey-sign-in', { body: { challengeId, credential: credential.toJSON() as Schemas['FinishPasskeySignInInput']['credential'] } }),
  );
}

/** Adds a passkey of this device to the signed-in person. */
export async function registerPasskey(name: string): Promise<void> {
  const { challengeId, options } = await answer(manage.POST('/passkeys/registration-options'));
  const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(options as unknown as PublicKeyCredentialCreationOptionsJSON);
  const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential | null;
  if (!credential) throw new Error('no passkey was made');
  await answer(
    manage.POST('/passkeys', {
      body: { challengeId, credential: credential.toJSON() as Schemas['FinishPasskeyRegistrationInput']['credential'], name },
    }),
  );
}
