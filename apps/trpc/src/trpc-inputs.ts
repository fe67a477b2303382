import { DomainError } from '@petstore/domain';
import { parseJsonBody, type Exchange } from '@petstore/http';
import type { TrpcRequest } from './trpc-request.js';

/**
 * Each call's raw input as tRPC's wire carries it (https://trpc.io/docs/rpc): `?input=` of a GET (read with the URL),
 * the body of a POST (read by the exchange, under its one size limit and deadline); for a batch, a
 * JSON object with each call's input under its index. Absent, a call's input is undefined. Every
 * number is read from its digits (parseJsonBody), never through a double.
 */
export async function readCallInputs(exchange: Exchange, request: TrpcRequest): Promise<unknown[]> {
  const text = exchange.method === 'GET' ? request.input : exchange.hasBody ? await exchange.text() : undefined;
  if (text === undefined || text === '') return request.paths.map(() => undefined);
  const value = parseJsonBody(text, 'input');
  if (!request.batch) return [value];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new DomainError('invalid_request', 'input: a batch carries a JSON object of each call\'s input by its index ({"0": …})');
  }
  const byIndex = value as Record<string, unknown>;
  return request.paths.map((_, index) => byIndex[String(index)]);
}
