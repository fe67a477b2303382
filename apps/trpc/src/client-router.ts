import type { TRPCBuiltRouter } from '@trpc/server';
import type { PetstoreErrorShape } from './error-shape.js';
import type { petsProcedures } from './pets-procedures.js';

/**
 * The router as a client sees it: the same procedures, error shape and (absent) transformer as
 * `AppRouter`, without the server's context, which a client never touches and whose types (the
 * service, Koa, pino) would otherwise travel into every published declaration file.
 * `client-router.test.ts` proves the two agree.
 */
export type ClientRouter = TRPCBuiltRouter<
  { ctx: object; meta: object; errorShape: PetstoreErrorShape; transformer: false },
  { pets: typeof petsProcedures }
>;
