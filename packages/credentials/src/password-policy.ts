import { DomainError } from '@petstore/domain';
import { commonPasswords, foldForComparison } from './common-passwords.js';

/** Past NIST SP 800-63B's floor of 8 (each character multiplies a brute-force search), still typeable by hand. */
export const MIN_PASSWORD_LENGTH = 12;
/** Long enough for any passphrase a manager generates; bounds what one sign-in makes argon2 hash. */
export const MAX_PASSWORD_LENGTH = 128;

/** What else is known about the person choosing the password. */
export interface PasswordContext {
  email?: string;
}

/**
 * Refuses (`invalid_request`) a password a guesser would try early: shorter than 12 or longer
 * than 128 characters, one character repeated, among the common passwords of a shipped list, or
 * the person's own email address or its local part. No composition rules (NIST SP 800-63B: they
 * push people to predictable patterns, not stronger passwords). The length counts Unicode code
 * points of the password as typed, in NFC, as argon2PasswordHasher hashes it, so an accented letter
 * counts once however it was typed; the other rules compare it folded (foldForComparison), so that
 * spaces, invisible characters and letter widths do not hide a weak password. The messages never
 * repeat the password.
 */
export async function checkPassword(password: string, context: PasswordContext = {}): Promise<void> {
  const length = [...password.normalize('NFC')].length;
  if (length < MIN_PASSWORD_LENGTH) throw refusal(`the password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  if (length > MAX_PASSWORD_LENGTH) throw refusal(`the password must be at most ${MAX_PASSWORD_LENGTH} characters long`);
  const folded = foldForComparison(password);
  // NIST SP 800-63B's own example of a context-free weak password; twelve spaces fold to nothing.
  if (new Set(folded).size <= 1) throw refusal('the password must not be one character repeated');
  if (context.email !== undefined && emailForms(context.email).includes(folded)) {
    throw refusal('the password must not be your email address or the part of it before the @');
  }
  if ((await commonPasswords()).has(folded)) {
    throw refusal('the password is among the most common passwords, which are guessed first; choose another');
  }
}

/** The address and its local part (before the last `@`), as passwords are compared. */
function emailForms(email: string): string[] {
  const address = foldForComparison(email);
  const at = address.lastIndexOf('@');
  return at < 0 ? [address] : [address, address.slice(0, at)];
}

function refusal(message: string): DomainError {
  return new DomainError('invalid_request', message);
}
