import type { TRPCClient } from '@trpc/client';
import type { inferRouterError, inferRouterInputs, inferRouterOutputs, inferTRPCClientTypes } from '@trpc/server';
import { describe, expectTypeOf, it } from 'vitest';
import type { ClientRouter } from './client-router.js';
import type { AppRouter } from './router.js';

describe('ClientRouter', () => {
  it('has exactly the procedures of AppRouter, each called the same way, with the same inputs and outputs', () => {
    expectTypeOf<TRPCClient<ClientRouter>>().toEqualTypeOf<TRPCClient<AppRouter>>();
    expectTypeOf<inferRouterInputs<ClientRouter>>().toEqualTypeOf<inferRouterInputs<AppRouter>>();
    expectTypeOf<inferRouterOutputs<ClientRouter>>().toEqualTypeOf<inferRouterOutputs<AppRouter>>();
  });

  it('has the error shape and transformer of AppRouter', () => {
    expectTypeOf<inferRouterError<ClientRouter>>().toEqualTypeOf<inferRouterError<AppRouter>>();
    expectTypeOf<inferTRPCClientTypes<ClientRouter>['errorShape']>().toEqualTypeOf<inferTRPCClientTypes<AppRouter>['errorShape']>();
    expectTypeOf<inferTRPCClientTypes<ClientRouter>['transformer']>().toEqualTypeOf<inferTRPCClientTypes<AppRouter>['transformer']>();
  });
});
