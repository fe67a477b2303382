import { api } from './api.js';

interface Ceremony {
  challengeId: string;
  options: unknown;
}

/** Signs in with a passkey of this device: the door's options, the browser's ceremony, the door's check. */
export async function signInWithPasskey(): Promise<void> {
  const { challengeId, options } = await api<Ceremony>('POST', '/passkey-sign-in/options');
  const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(options as PublicKeyCredentialRequestOptionsJSON);
  const credential = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential | null;
  if (!credential) throw new Error('no passkey was chosen');
  await api('POST', '/passkey-sign-in', { challengeId, credential: credential.toJSON() as unknown });
}

/** Adds a passkey of this device to the signed-in person. */
export async function registerPasskey(name: string): Promise<void> {
  const { challengeId, options } = await api<Ceremony>('POST', '/passkeys/registration-options');
  const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(options as PublicKeyCredentialCreationOptionsJSON);
  const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential | null;
  if (!credential) throw new Error('no passkey was made');
  await api('POST', '/passkeys', { challengeId, credential: credential.toJSON() as unknown, name });
}
