export { PasskeyService, MAX_PASSKEYS_PER_PERSON, type CeremonyStart, type PasskeyServiceDeps } from './passkey-service.js';
export { passkeyView, type PasskeyView } from './passkey-views.js';
export { relyingPartyOf, type RelyingParty } from './relying-party.js';
export { CEREMONY_TIMEOUT_MS } from './challenges.js';
export { AuthenticationCredential, ChallengeId, FinishRegistrationInput, FinishSignInInput, PasskeyId, RegistrationCredential } from './schemas.js';
