import type Koa from 'koa';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import { createBaseApp, requestReport, type DoorDeps } from '@petstore/http';
import { MAX_BATCH_SIZE, TRPC_PREFIX } from './endpoint.js';
import { logUnexpectedErrors } from './log-unexpected.js';
import { responseHeaders } from './response-meta.js';
import { appRouter } from './router.js';

export type TrpcDeps = Pick<DoorDeps, 'pets' | 'authenticate' | 'logger' | 'maxBodyBytes'>;

const PATH_START = `${TRPC_PREFIX}/`;

/**
 * Mounts the tRPC door: requests under /trpc/ go to tRPC, and every other path falls
 * through. One call's input may be as large as a REST body, so a full batch may be
 * MAX_BATCH_SIZE times that.
 */
export function mountTrpc(app: Koa, deps: TrpcDeps): void {
  const onError = logUnexpectedErrors(deps.logger);
  app.use(async (ctx, next) => {
    if (!ctx.path.startsWith(PATH_START)) {
      await next();
      return;
    }
    const report = requestReport(ctx.req);
    report.claim('trpc');
    const vary = ctx.response.get('Vary') || undefined;
    ctx.respond = false; // tRPC writes the raw response itself
    // Koa starts every response at 404; tRPC only sets its own status over Node's default of 200.
    ctx.res.statusCode = 200;
    await nodeHTTPRequestHandler({
      router: appRouter,
      req: ctx.req,
      res: ctx.res,
      path: ctx.path.slice(PATH_START.length),
      createContext: ({ req }) => ({
        pets: deps.pets,
        authenticate: deps.authenticate,
        authorization: req.headers.authorization,
        // Present but empty is a bad key (400), as on REST, not an absent one.
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        report,
      }),
      responseMeta: (meta) => responseHeaders(meta, vary),
      maxBatchSize: MAX_BATCH_SIZE,
      maxBodySize: MAX_BATCH_SIZE * deps.maxBodyBytes,
      onError,
    });
  });
}

/** Serves only the tRPC door, for running it without the other doors. */
export function buildTrpcApp(deps: DoorDeps, ready?: () => Promise<boolean>): Koa {
  const app = createBaseApp({ logger: deps.logger, ...(ready && { ready }) });
  mountTrpc(app, deps);
  return app;
}
