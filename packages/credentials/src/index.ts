export { ARGON2ID_OPTIONS, argon2PasswordHasher } from './argon2-password-hasher.js';
export { checkPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, type PasswordContext } from './password-policy.js';
