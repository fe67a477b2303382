export { PasskeyService, MAX_PASSKEYS_PER_PERSON, type CeremonyStart, type PasskeyServiceDeps } from './passkey-service.js';
export { passkeyView, type PasskeyView } from './passkey-views.js';
export { relyingPartyOf, type RelyingParty } from './relying-party.js';
export { CEREMONY_TIMEOUT_MS, type ChallengeThrottle } from './challenges.js';
export { createChallengeThrottle, DEFAULT_CHALLENGE_BUDGETS, type ChallengeBudgets } from './challenge-budget.js';
export { AuthenticationCredential, ChallengeId, FinishRegistrationInput, FinishSignInInput, PasskeyId, RegistrationCredential } from './schemas.js';
