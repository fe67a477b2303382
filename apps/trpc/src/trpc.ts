import { initTRPC } from '@trpc/server';
import type { TrpcContext } from './context.js';
import { formatError } from './error-shape.js';

// No transformer: the wire stays plain JSON, so any HTTP client can call the door.
const t = initTRPC.context<TrpcContext>().create({ errorFormatter: formatError });

export const router = t.router;

/**
 * Every pet procedure. The door does around each call what a middleware would (tRPC copies a
 * call's options twice at each middleware, on every call, which cost the list a tenth of its
 * time): the key was checked and the call admitted (scope, cost) before any call ran, and the call
 * is reported, traced and its domain error mapped by the door (trpc-middleware.ts), so the
 * procedure holds nothing but its input and resolver.
 */
export const procedure = t.procedure;
