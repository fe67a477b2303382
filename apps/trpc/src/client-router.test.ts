import { describe, expectTypeOf, it } from 'vitest';
import type { ClientRouter } from './client-router.js';
import type { AppRouter } from './router.js';

type ClientTypes<TRouter extends ClientRouter | AppRouter> = Omit<TRouter['_def']['_config']['$types'], 'ctx'>;

describe('ClientRouter', () => {
  it('has exactly the procedures of AppRouter, with the same inputs and outputs', () => {
    expectTypeOf<ClientRouter['_def']['record']>().toEqualTypeOf<AppRouter['_def']['record']>();
  });

  it('has the error shape, meta and transformer of AppRouter', () => {
    expectTypeOf<ClientTypes<ClientRouter>>().toEqualTypeOf<ClientTypes<AppRouter>>();
  });
});
