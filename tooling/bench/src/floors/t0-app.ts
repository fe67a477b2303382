import Router from '@koa/router';
import { callTRPCProcedure, getTRPCErrorFromUnknown, initTRPC } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import Koa from 'koa';
import { z } from 'zod';
import type { LeanEnvelope } from '../lean-envelope.js';
import { PET_STATUSES, type PetShelf } from '../pet-shelf.js';
import { leanEnvelopeMiddleware } from './koa-envelope.js';

const t = initTRPC.create();

const listInput = z.object({ limit: z.number().int().min(1).max(100).optional(), status: z.enum(PET_STATUSES).optional() }).optional();

/** A router shaped like ours: `pets.list` with a zod input (the key was checked by the envelope). */
function shelfRouter(shelf: PetShelf) {
  return t.router({ pets: t.router({ list: t.procedure.input(listInput).query(({ input }) => shelf.list(input?.limit, input?.status)) }) });
}

/** The inputs of a batched GET (`?batch=1&input={"0":…}`) or of a lone one (`?input=…`), by call. */
function inputsOf(query: Record<string, unknown>, calls: number): unknown[] {
  const text = typeof query['input'] === 'string' ? query['input'] : undefined;
  const parsed: unknown = text === undefined ? undefined : JSON.parse(text);
  if (query['batch'] !== '1') return [parsed];
  const byIndex = (parsed ?? {}) as Record<string, unknown>;
  return Array.from({ length: calls }, (_, index) => byIndex[String(index)]);
}

/**
 * Reference T0 (servers/t0.ts): tRPC's public `callTRPCProcedure` on bare Koa + @koa/router with
 * L0's lean envelope, answering a query call, lone or batched as `@petstore/trpc-client` sends it,
 * in tRPC's wire format. What a call costs on the library the tRPC door chose, with nothing of
 * the service's in the way: the door's floor.
 */
export function buildT0(envelope: LeanEnvelope, shelf: PetShelf): Koa {
  const router = shelfRouter(shelf);
  const routes = new Router();
  routes.get('/trpc/:paths', async (ctx) => {
    const paths = (ctx.params['paths'] ?? '').split(',');
    const inputs = inputsOf(ctx.query, paths.length);
    const answers = await Promise.all(
      paths.map(async (path, index): Promise<{ result: { data: unknown } } | { error: { message: string; code: string } }> => {
        try {
          const data: unknown = await callTRPCProcedure({
            router,
            path,
            type: 'query',
            getRawInput: () => Promise.resolve(inputs[index]),
            ctx: {},
            signal: undefined,
            batchIndex: index,
          });
          return { result: { data } };
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          ctx.status = getHTTPStatusCodeFromError(error);
          return { error: { message: error.message, code: error.code } };
        }
      }),
    );
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(ctx.query['batch'] === '1' ? answers : answers[0]);
  });
  const app = new Koa();
  app.use(leanEnvelopeMiddleware(envelope, '/trpc/:paths'));
  app.use(routes.routes()).use(routes.allowedMethods());
  return app;
}
