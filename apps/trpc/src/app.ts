import type { DoorDeps, HttpApp } from '@petstore/http';
import { TRPC_PREFIX } from './endpoint.js';
import { trpcMiddleware } from './trpc-middleware.js';
import { trpcProblem } from './trpc-problem.js';

export type TrpcDeps = Pick<DoorDeps, 'pets' | 'envelope' | 'logger'>;

/** Mounts the tRPC door under /trpc: the key first, then routing, cost, inputs and calls (trpc-middleware.ts). */
export function mountTrpc(app: HttpApp, deps: TrpcDeps): void {
  app.mount(deps, { door: 'trpc', prefix: TRPC_PREFIX, routes: trpcMiddleware(deps), problem: trpcProblem });
}
