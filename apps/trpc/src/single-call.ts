import type { Context } from 'koa';
import { callTRPCProcedure, getErrorShape, getTRPCErrorFromUnknown, type TRPCError } from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import { sendWhole, type HeaderList } from '@petstore/http';
import type { TrpcContext } from './context.js';
import { errorHeaders, trpcVary } from './response-meta.js';
import { appRouter } from './router.js';

export interface SingleCall {
  path: string;
  type: 'query' | 'mutation';
}

export type CallErrorHandler = (failure: { error: TRPCError; path: string; req: Context['req'] }) => void;

/**
 * Answers one call that is not part of a batch by calling its procedure directly, the way tRPC's
 * adapter does once it has turned the request into a Fetch Request (which costs more than the
 * call itself): the same error shape and status from tRPC's own functions, the same headers, but
 * one buffer with a Content-Length, its head written whole. Returns false, having written nothing, for a request whose
 * input the adapter must read (another media type, a stream asked for, input that is not JSON),
 * so that its answer stays tRPC's own.
 */
export async function answerSingleCall(
  ctx: Context,
  call: SingleCall,
  context: TrpcContext,
  vary: string | undefined,
  onError: CallErrorHandler,
): Promise<boolean> {
  const input = rawInputOf(ctx);
  if (input === ADAPTER_ONLY) return false;
  let body: string;
  let status = 200;
  let errors: TRPCError[] = [];
  try {
    const data: unknown = await callTRPCProcedure({
      router: appRouter,
      path: call.path,
      getRawInput: () => Promise.resolve(input),
      ctx: context,
      type: call.type,
      signal: undefined,
      batchIndex: 0,
    });
    body = JSON.stringify({ result: { data } });
  } catch (cause) {
    const error = getTRPCErrorFromUnknown(cause);
    onError({ error, path: call.path, req: ctx.req });
    const shape = getErrorShape({ config: appRouter._def._config, ctx: context, error, input, path: call.path, type: call.type });
    status = getHTTPStatusCode({ error: shape }, [error]);
    errors = [error];
    body = JSON.stringify({ error: shape });
  }
  ctx.respond = false;
  const headers: HeaderList = ['content-type', 'application/json', 'vary', trpcVary(vary)];
  for (const [name, value] of Object.entries(errorHeaders(errors))) headers.push(name, value);
  sendWhole(ctx.res, status, headers, body);
  return true;
}

const ADAPTER_ONLY = Symbol('adapter only');

/**
 * The call's input as tRPC's JSON handler reads it: `?input=` of a GET, the body of a POST (the
 * envelope has read it), absent when empty. Whatever that handler would not take, or would
 * refuse in words of its own, is left to the adapter.
 */
function rawInputOf(ctx: Context): unknown {
  if (wantsStream(ctx)) return ADAPTER_ONLY;
  const contentType = ctx.get('content-type');
  const json = contentType.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
  let text: unknown;
  if (ctx.method === 'GET') {
    if (!json && contentType !== '') return ADAPTER_ONLY;
    text = ctx.query['input'];
  } else {
    if (!json) return ADAPTER_ONLY;
    text = (ctx.req as { body?: unknown }).body;
  }
  if (text === undefined || text === '') return undefined;
  if (typeof text !== 'string') return ADAPTER_ONLY;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return ADAPTER_ONLY;
  }
}

/** tRPC's test for a streamed answer (`trpc-accept`, or JSON lines in Accept), which only batches get. */
function wantsStream(ctx: Context): boolean {
  return ctx.get('trpc-accept') !== '' || ctx.get('accept').includes('application/jsonl');
}
