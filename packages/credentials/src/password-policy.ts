import { DomainError } from '@petstore/domain';
import { commonPasswords, foldCase } from './common-passwords.js';

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
 * than 128 characters, among the common passwords of a shipped list, or the person's own email
 * address or its local part (case aside). No composition rules (NIST SP 800-63B: they push people
 * to predictable patterns, not stronger passwords). Characters are Unicode code points of the
 * password in NFC, as argon2PasswordHasher hashes it, so an accented letter counts once however it
 * was typed. The messages never repeat the password.
 */
export async function checkPassword(password: string, context: PasswordContext = {}): Promise<void> {
  const normalized = password.normalize('NFC');
  const length = [...normalized].length;
  if (length < MIN_PASSWORD_LENGTH) throw refusal(`the password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  if (length > MAX_PASSWORD_LENGTH) throw refusal(`the password must be at most ${MAX_PASSWORD_LENGTH} characters long`);
  const folded = foldCase(normalized);
  if (context.email !== undefined && emailForms(context.email).includes(folded)) {
    throw refusal('the password must not be your email address or the part of it before the @');
  }
  if ((await commonPasswords()).has(folded)) {
    throw refusal('the password is among the most common passwords, which are guessed first; choose another');
  }
}

/** The address and its local part (before the last `@`), as passwords are compared. */
function emailForms(email: string): string[] {
  const address = foldCase(email.trim());
  const at = address.lastIndexOf('@');
  return at < 0 ? [address] : [address, address.slice(0, at)];
}

function refusal(message: string): DomainError {
  return new DomainError('invalid_request', message);
}
