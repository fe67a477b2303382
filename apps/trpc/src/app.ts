import type Koa from 'koa';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import { createBaseApp, hasBody, idempotencyKeyOf, requestReport, writeProblem, type AuthState, type DoorDeps } from '@petstore/http';
import type { TrpcContext } from './context.js';
import { MAX_BATCH_SIZE, TRPC_PREFIX } from './endpoint.js';
import { logUnexpectedErrors } from './log-unexpected.js';
import { responseHeaders } from './response-meta.js';
import { appRouter } from './router.js';
import { answerSingleCall, type SingleCall } from './single-call.js';
import { trpcProblemBody } from './trpc-problem.js';

export type TrpcDeps = Pick<DoorDeps, 'pets' | 'envelope' | 'logger'>;

export interface TrpcDoorOptions {
  /** Every call through tRPC's adapter, a lone one too: only to hold the two paths' answers side by side. */
  adapterOnly?: boolean;
}

const PATH_START = `${TRPC_PREFIX}/`;
/** Each procedure by path, with the method its type is called with (tRPC keeps them flat by path at run time). */
const PROCEDURES: ReadonlyMap<string, SingleCall & { method: string }> = new Map(
  Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: SingleCall['type'] } }>).map(([path, { _def }]) => [
    path,
    { path, type: _def.type, method: _def.type === 'mutation' ? 'POST' : 'GET' },
  ]),
);

/**
 * Mounts the tRPC door: requests under /trpc/ go to tRPC, and every other path falls through.
 * The envelope runs first, once per HTTP request: the key check, one charge per call of a batch,
 * and the body under the one size limit and deadline (handed to tRPC as text, so tRPC never
 * reads the socket itself). A request naming a procedure the router lacks, or with the wrong
 * method, is left to tRPC's own 404 or 405, as unknown routes are at the other doors.
 * A call on its own is answered without tRPC's Fetch adapter (single-call.ts); batches take it.
 */
export function mountTrpc(app: Koa, deps: TrpcDeps, options: TrpcDoorOptions = {}): void {
  const { envelope, logger } = deps;
  const onError = logUnexpectedErrors(logger);
  app.use(async (ctx, next) => {
    if (!ctx.path.startsWith(PATH_START)) {
      await next();
      return;
    }
    const report = requestReport(ctx.req);
    report.claim('trpc', `${PATH_START}:procedures`);
    const path = ctx.path.slice(PATH_START.length);
    const batch = ctx.query['batch'] === '1';
    const calls = batch ? path.split(',') : [path];
    if (calls.length <= MAX_BATCH_SIZE && routed(calls, ctx.method)) {
      try {
        await envelope.admit(ctx, calls.length);
        if (ctx.method === 'POST' && hasBody(ctx)) (ctx.req as { body?: unknown }).body = await envelope.readText(ctx);
      } catch (error) {
        return writeProblem(ctx, error, logger, trpcProblemBody(calls, batch));
      }
    }
    const vary = ctx.response.get('Vary') || undefined;
    const context = (): TrpcContext => ({
      pets: deps.pets,
      principal: (ctx.state as Partial<AuthState>).principal,
      idempotencyKey: idempotencyKeyOf(ctx.req),
      report,
    });
    const single = batch || options.adapterOnly === true ? undefined : PROCEDURES.get(path);
    if (single?.method === ctx.method && (await answerSingleCall(ctx, single, context(), vary, onError))) return;
    ctx.respond = false; // tRPC writes the raw response itself
    // Koa starts every response at 404; tRPC only sets its own status over Node's default of 200.
    ctx.res.statusCode = 200;
    await nodeHTTPRequestHandler({
      router: appRouter,
      req: ctx.req,
      res: ctx.res,
      path,
      createContext: context,
      responseMeta: (meta) => responseHeaders(meta, vary),
      maxBatchSize: MAX_BATCH_SIZE,
      // Bodies are the envelope's to read; this only bounds one tRPC would read for a refused route.
      maxBodySize: envelope.bodyLimits.maxBytes,
      onError,
    });
  });
}

/** Whether every call names a procedure of the router, sent with the method its type takes. */
function routed(calls: readonly string[], method: string): boolean {
  for (const call of calls) if (PROCEDURES.get(call)?.method !== method) return false;
  return true;
}

/** Serves only the tRPC door, for running it without the other doors. */
export function buildTrpcApp(deps: TrpcDeps, ready?: () => Promise<boolean>, options?: TrpcDoorOptions): Koa {
  const app = createBaseApp({ logger: deps.logger, ...(ready && { ready }) });
  mountTrpc(app, deps, options);
  return app;
}
