import { DomainError } from '../errors/domain-error.js';

/** The refusal of what only a person with a verified address may do (make a key, invite), saying how to verify it. */
export function verifyEmailFirst(then: string): DomainError {
  return new DomainError('forbidden', `verify your email address first (follow the link mailed to you), then ${then}`);
}
