import { DEFAULT_SIGN_IN_BUDGETS, isDomainError } from '@petstore/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createRuntime, type Runtime } from './runtime.js';

describe("the runtime's sign-in throttle on the embedded store", () => {
  let runtime: Runtime | undefined;
  afterEach(async () => {
    await runtime?.close();
  });

  it('admits the allowance for one email from one client, refuses the next, and admits the owner elsewhere', async () => {
    runtime = await createRuntime(loadConfig({ LOG_LEVEL: 'silent' }));
    const { signInThrottle } = runtime;
    const outcome = (address: string) =>
      signInThrottle.admit('owner@example.com', address).then(
        () => 'ok',
        (error: unknown) => (isDomainError(error) ? error.code : 'unexpected'),
      );
    const allowance = DEFAULT_SIGN_IN_BUDGETS.perEmailAndClient;
    const results = await Promise.all(Array.from({ length: allowance + 5 }, () => outcome('203.0.113.7')));
    expect(results.filter((result) => result === 'ok')).toHaveLength(allowance);
    expect(results.slice(allowance)).toEqual(Array(5).fill('rate_limited'));
    expect(await outcome('198.51.100.20')).toBe('ok');
  });
});
