import { DomainError } from '@petstore/domain';
import { firstValue, HttpError, type Exchange, type Query } from '@petstore/http';
import { MAX_BATCH_SIZE, TRPC_PREFIX } from './endpoint.js';
import { METHOD_OF, PROCEDURES, type ProcedureEntry } from './procedures.js';

/** One call of a request: the procedure's path, and its entry in the routing table. */
export interface TrpcCall extends ProcedureEntry {
  path: string;
}

/** What a request to the door asks for, read from its URL alone: no body has been read. */
export interface TrpcRequest {
  /** `?batch=1`: the answer is an array, one item per call. */
  batch: boolean;
  /** The procedure paths named, in order (one unless a batch). */
  paths: string[];
  /** `?input=`, where a GET carries its calls' input. */
  input: string | undefined;
}

const PATH_START = `${TRPC_PREFIX}/`;

/**
 * The calls of a request as tRPC's HTTP wire names them (https://trpc.io/docs/rpc): the procedure
 * path after /trpc/, several joined by commas with `?batch=1`. The path is percent-decoded, as
 * tRPC's own adapters do, so `pets%2Elist` names `pets.list`; each parameter is its first value,
 * as tRPC's adapters read it.
 */
export function trpcRequestOf(urlPath: string, query: Query): TrpcRequest {
  const raw = urlPath.slice(PATH_START.length);
  const batch = firstValue(query, 'batch') === '1';
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    path = raw;
  }
  return { batch, paths: batch ? path.split(',') : [path], input: firstValue(query, 'input') };
}

/**
 * What the door read of each request, kept from the moment it is read until the request is gone,
 * so that a refusal after routing (the rate limit, a body too large) is shaped from the same
 * reading instead of the URL being read again.
 */
const readings = new WeakMap<Exchange, TrpcRequest>();

/** The request's reading: made from its URL the first time it is asked for, then kept. */
export function trpcRequest(exchange: Exchange): TrpcRequest {
  let request = readings.get(exchange);
  if (request === undefined) readings.set(exchange, (request = trpcRequestOf(exchange.path, exchange.query())));
  return request;
}

/**
 * The calls the request makes, or the refusal of the whole request before anything runs: a batch
 * past the limit, a procedure the router lacks, a procedure called with the wrong method. The
 * refusal is answered once per call of a batch (trpc-problem.ts), so in a batch it names the call
 * at fault by its index: item 0 of `pets.list,pets.create` must not read as if pets.list were wrong.
 */
export function routeCalls(request: TrpcRequest, method: string): TrpcCall[] {
  if (request.paths.length > MAX_BATCH_SIZE) {
    throw new DomainError('invalid_request', `batch: at most ${MAX_BATCH_SIZE} calls are allowed per request`);
  }
  const inBatch = (index: number, reason: string): string =>
    request.batch ? `call ${index} of the batch: ${reason}; no call of the batch ran` : reason;
  return request.paths.map((path, index) => {
    const entry = PROCEDURES.get(path);
    if (!entry) throw new HttpError(404, 'not_found', inBatch(index, `no procedure "${path}"`));
    const expected = METHOD_OF[entry.type];
    if (method !== expected && !(method === 'HEAD' && expected === 'GET')) {
      throw new HttpError(405, 'method_not_allowed', inBatch(index, `"${path}" is a ${entry.type}: call it with ${expected}`), { Allow: expected });
    }
    return { path, ...entry };
  });
}
