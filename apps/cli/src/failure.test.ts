import { DomainError } from '@petstore/domain';
import { describe, expect, it } from 'vitest';
import { EXIT_FAILED, EXIT_USAGE, reportFailure } from './failure.js';
import { capturedOutput } from './testing/captured-output.js';
import { BadValueError } from './bad-value.js';
import { UsageError } from './usage-error.js';

describe('reportFailure', () => {
  it('reports a usage error with a pointer to --help and exit status 2', () => {
    const output = capturedOutput();
    expect(reportFailure(new UsageError('unknown command "x"'), output, false)).toBe(EXIT_USAGE);
    expect(output.stderr).toEqual(['petstore: unknown command "x"\nRun "petstore --help" for usage.']);
  });

  it('reports a bad value on one line naming the option, with exit status 2', () => {
    const output = capturedOutput();
    expect(reportFailure(new BadValueError('--rate-limit must be a whole number from 1 to 10000000'), output, false)).toBe(EXIT_USAGE);
    expect(output.stderr).toEqual(['petstore: --rate-limit must be a whole number from 1 to 10000000']);
  });

  it('reports a value the service refuses as bad usage, exit status 2', () => {
    const output = capturedOutput();
    expect(reportFailure(new DomainError('invalid_request', 'name: must be a non-blank string of at most 200 characters'), output, true)).toBe(
      EXIT_USAGE,
    );
    expect(output.stderr).toEqual([
      JSON.stringify({ error: { code: 'invalid_request', message: 'name: must be a non-blank string of at most 200 characters' } }),
    ]);
  });

  it('reports a domain error with its own message and exit status 1', () => {
    const output = capturedOutput();
    expect(reportFailure(new DomainError('not_found', 'key key_1 does not exist'), output, false)).toBe(EXIT_FAILED);
    expect(output.stderr).toEqual(['petstore: key key_1 does not exist']);
  });

  it('reports an unexpected error generically, without its message', () => {
    const output = capturedOutput();
    expect(reportFailure(new Error('secret driver text'), output, true)).toBe(EXIT_FAILED);
    expect(output.stderr).toEqual([JSON.stringify({ error: { code: 'internal_error', message: 'an unexpected error occurred' } })]);
    expect(output.stdout).toEqual([]);
  });
});
