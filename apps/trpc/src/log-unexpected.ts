import { logUnexpected, type DoorDeps, type Exchange } from '@petstore/http';
import type { TRPCError } from '@trpc/server';

/** Clients only see "internal error", so the real cause is logged here, once. */
export function logUnexpectedErrors(logger: DoorDeps['logger']) {
  return ({ error, path, exchange }: { error: TRPCError; path: string; exchange: Exchange }): void => {
    if (error.code === 'INTERNAL_SERVER_ERROR') logUnexpected(logger, error.cause ?? error, exchange, { door: 'trpc', path });
  };
}
