import { callTRPCProcedure, getTRPCErrorFromUnknown, type TRPCError } from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import { DomainError, isDomainError } from '@petstore/domain';
import { stringifyJson, type DoorDeps, type Exchange, type Handler, type HeaderList } from '@petstore/http';
import type { TrpcContext } from './context.js';
import { TRPC_PREFIX } from './endpoint.js';
import { toTRPCError } from './error-mapping.js';
import { callFailure, errorShape, type PetstoreErrorShape } from './error-shape.js';
import { logUnexpectedErrors } from './log-unexpected.js';
import { appRouter } from './router.js';
import { readCallInputs } from './trpc-inputs.js';
import { routeCalls, trpcRequest, type TrpcCall } from './trpc-request.js';
import { errorHeaders } from './error-headers.js';

type CallAnswer = { result: { data: unknown } } | { error: PetstoreErrorShape };

/** The route every request of the door matches, for its trace. */
const ROUTE = `${TRPC_PREFIX}/:procedures`;

/** What tRPC's adapter answers with; the answer depends on these request headers. */
const VARY = 'trpc-accept, accept';

/**
 * The tRPC door's one path, for every call, lone or batched: the calls are routed from the URL
 * (an unknown procedure, a wrong method or a batch too large is refused whole), admitted before
 * any runs (each call's catalogue operation from the routing table: its scope, then its cost charged; a batch with one
 * call the key may not make is refused whole), their inputs read, then each called through tRPC's public
 * `callTRPCProcedure` with tRPC's own error shaping and status rules, and answered in tRPC's wire
 * format (https://trpc.io/docs/rpc): one `{result}` or `{error}`, or a batch's array of them.
 * Streamed batches (httpBatchStreamLink's JSON Lines) are refused: the door's clients use
 * httpBatchLink and httpLink, and one path serves them.
 */
export function trpcMiddleware(deps: Pick<DoorDeps, 'pets' | 'envelope' | 'logger'>): Handler {
  const { envelope } = deps;
  const onError = logUnexpectedErrors(deps.logger);
  return async (exchange) => {
    exchange.routed(ROUTE);
    if (wantsStream(exchange.header('trpc-accept') ?? '', exchange.header('accept') ?? '')) {
      throw new DomainError('invalid_request', 'streamed batches (JSON Lines, httpBatchStreamLink) are not served: use httpBatchLink or httpLink');
    }
    const request = trpcRequest(exchange);
    const calls = routeCalls(request, exchange.method);
    await envelope.admit(
      exchange,
      calls.map(({ path, operation }) => ({ name: path, operation, calls: 1 })),
    );
    const inputs = await readCallInputs(exchange, request);
    const context: TrpcContext = { pets: deps.pets, exchange };
    const failures: TRPCError[] = [];
    const answers = await Promise.all(
      calls.map(async (call, index): Promise<CallAnswer> => {
        try {
          return { result: { data: await callProcedure(call, inputs[index], context, index) } };
        } catch (cause) {
          const error = trpcErrorOf(cause);
          failures[index] = error;
          onError({ error, path: call.path, exchange });
          return { error: errorShape(callFailure(error), call.path) };
        }
      }),
    );
    const json = request.batch ? answers : answers[0];
    const status = getHTTPStatusCode(json as Parameters<typeof getHTTPStatusCode>[0], failures);
    send(exchange, status, stringifyJson(json), failures);
  };
}

/** One call, reported (access log, metrics) and, when the request is traced, run in a span of its own. */
function callProcedure(call: TrpcCall, input: unknown, ctx: TrpcContext, batchIndex: number): Promise<unknown> {
  const options = { deprecated: call.deprecated };
  ctx.exchange.operation('trpc', call.path, options);
  return ctx.exchange.traced(call.path, options, () =>
    callTRPCProcedure({
      router: appRouter,
      path: call.path,
      type: call.type,
      getRawInput: () => Promise.resolve(input),
      ctx,
      signal: undefined,
      batchIndex,
    }),
  );
}

/**
 * What a call threw, as tRPC's error: tRPC wraps what a resolver throws as INTERNAL_SERVER_ERROR,
 * so a DomainError is found as the cause and given its own tRPC code; anything else stays internal.
 */
function trpcErrorOf(cause: unknown): TRPCError {
  const error = getTRPCErrorFromUnknown(cause);
  return isDomainError(error.cause) ? toTRPCError(error.cause) : error;
}

function send(exchange: Exchange, status: number, body: string, failures: readonly TRPCError[]): void {
  const headers: HeaderList = ['Content-Type', 'application/json', 'Vary', VARY];
  for (const [name, value] of Object.entries(errorHeaders(failures.filter(Boolean)))) headers.push(name, value);
  exchange.send(status, headers, body);
}

/** tRPC's test for a streamed answer (`trpc-accept`, or JSON lines in Accept). */
function wantsStream(trpcAccept: string, accept: string): boolean {
  return trpcAccept !== '' || accept.includes('application/jsonl');
}
