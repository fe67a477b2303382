import { FinishRegistrationInput, FinishSignInInput } from '@petstore/passkeys';
import type { OperationText } from './operation-text.js';
import { PasskeyAnswer, PasskeyList, RegistrationStart, SignInStart } from './passkey-answers.js';
import { SessionAnswer } from './answers.js';

const RP = 'The relying party is `PUBLIC_BASE_URL`: its host name is the RP ID and its origin the one page origin accepted; without it, 503.';

/** What the document says of the passkey operations (docs/passkeys.md says more). */
export const PASSKEY_OPERATION_TEXT = {
  startPasskeyRegistration: {
    summary: 'Start adding a passkey',
    description:
      'Answers the options for `navigator.credentials.create()`: a discoverable credential and user verification preferred, the ' +
      `person's passkeys excluded, and a challengeId to finish with within five minutes. Takes no body, or \`{}\`. ${RP}`,
    success: {
      status: 200,
      description: 'The options, and the challenge to finish with.',
      answer: { name: 'PasskeyRegistrationStart', schema: RegistrationStart },
    },
    refusals: [409],
  },
  finishPasskeyRegistration: {
    summary: 'Finish adding a passkey',
    description:
      "Takes the challengeId and the browser's credential (its `toJSON()`), verifies it for this origin and RP ID, and keeps the " +
      'passkey under the name given. The challenge is used once: to retry, start again.',
    input: { name: 'FinishPasskeyRegistrationInput', schema: FinishRegistrationInput },
    success: { status: 201, description: 'The passkey added.', answer: { name: 'Passkey', schema: PasskeyAnswer } },
    refusals: [409],
  },
  listPasskeys: {
    summary: "The signed-in person's passkeys",
    description: 'Each with its name, when it was added and last used; never a public key.',
    success: { status: 200, description: 'The passkeys.', answer: { name: 'PasskeyList', schema: PasskeyList } },
  },
  deletePasskey: {
    summary: 'Remove a passkey',
    description: "Removes one of the signed-in person's own passkeys: it signs nobody in any more. Anyone else's is 404.",
    success: { status: 204, description: 'Removed.' },
    refusals: [404],
  },
  startPasskeySignIn: {
    summary: 'Start signing in with a passkey',
    description:
      'Answers the options for `navigator.credentials.get()`, with no allowed credentials listed: the browser offers the passkeys ' +
      `it holds for this service, and nobody says who they are first. Takes no body, or \`{}\`. ${RP}`,
    success: {
      status: 200,
      description: 'The options, and the challenge to finish with.',
      answer: { name: 'PasskeySignInStart', schema: SignInStart },
    },
  },
  finishPasskeySignIn: {
    summary: 'Finish signing in with a passkey',
    description:
      "Takes the challengeId and the browser's assertion (its `toJSON()`), verifies it with the stored passkey (its signature, " +
      'this origin and RP ID, a counter that grew) and starts a session as signIn does. Every failed verification is the same 401.',
    input: { name: 'FinishPasskeySignInInput', schema: FinishSignInInput },
    success: { status: 200, description: 'Signed in; the session cookie is set.', answer: { name: 'Session', schema: SessionAnswer } },
    cookie: 'sets',
  },
} satisfies Record<string, OperationText>;
