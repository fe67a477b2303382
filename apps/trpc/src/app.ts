import type Koa from 'koa';
import { mountDoor, type DoorDeps, type ExchangeState } from '@petstore/http';
import { TRPC_PREFIX } from './endpoint.js';
import { trpcMiddleware } from './trpc-middleware.js';
import { trpcProblem } from './trpc-problem.js';

export type TrpcDeps = Pick<DoorDeps, 'pets' | 'envelope' | 'logger'>;

/** Mounts the tRPC door under /trpc: the key first, then routing, cost, inputs and calls (trpc-middleware.ts). */
export function mountTrpc(app: Koa<ExchangeState>, deps: TrpcDeps): void {
  mountDoor(app, deps, { door: 'trpc', prefix: TRPC_PREFIX, routes: [trpcMiddleware(deps)], problem: trpcProblem });
}
