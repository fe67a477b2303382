import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../router.js';

/** The error a typed client call failed with; fails the test if the call succeeded. */
export async function rejectionOf(call: Promise<unknown>): Promise<TRPCClientError<AppRouter>> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCClientError) return error as TRPCClientError<AppRouter>;
    throw error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}
