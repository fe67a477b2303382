import { isDomainError } from '@petstore/domain';
import { BadValueError } from './bad-value.js';
import type { Output } from './output.js';
import { visibleText } from './visible-text.js';
import { UsageError } from './usage-error.js';

export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/**
 * Writes what went wrong to stderr and returns the exit status. Only our own messages are shown:
 * anything unexpected is reported generically, as it may carry driver text or secrets. A value
 * the service refuses (invalid_request) is bad usage like a value the command line refuses.
 */
export function reportFailure(error: unknown, output: Output, json: boolean): number {
  const usage = error instanceof UsageError || (isDomainError(error) && error.code === 'invalid_request');
  const code = error instanceof UsageError ? 'usage' : isDomainError(error) ? error.code : 'internal_error';
  const message = error instanceof UsageError || isDomainError(error) ? error.message : 'an unexpected error occurred';
  const hint = error instanceof UsageError && !(error instanceof BadValueError) ? '\nRun "petstore --help" for usage.' : '';
  // A message may quote what was typed or stored (a key id, a name): hidden characters are escaped.
  if (json) output.err(visibleText(JSON.stringify({ error: { code, message } })));
  else output.err(`petstore: ${visibleText(message)}${hint}`);
  return usage ? EXIT_USAGE : EXIT_FAILED;
}
