import { isDomainError } from '@petstore/domain';
import type { Output } from './output.js';
import { UsageError } from './usage-error.js';

export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/**
 * Writes what went wrong to stderr and returns the exit status. Only our own messages are shown:
 * anything unexpected is reported generically, as it may carry driver text or secrets.
 */
export function reportFailure(error: unknown, output: Output, json: boolean): number {
  const usage = error instanceof UsageError;
  const code = usage ? 'usage' : isDomainError(error) ? error.code : 'internal_error';
  const message = usage || isDomainError(error) ? error.message : 'an unexpected error occurred';
  if (json) output.err(JSON.stringify({ error: { code, message } }));
  else output.err(`petstore: ${message}${usage ? '\nRun "petstore --help" for usage.' : ''}`);
  return usage ? EXIT_USAGE : EXIT_FAILED;
}
