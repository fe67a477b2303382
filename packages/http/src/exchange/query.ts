import { DomainError } from '@petstore/domain';

/**
 * A request's query string as the exchange reads it, once: every name the client sent, in the
 * order sent, with its value, or all its values in order when it was given more than once.
 * Nothing is dropped, merged or renamed; what a repeated or unknown parameter means is each
 * operation's to say (singleValues for the strict doors, firstValue where a library's wire reads
 * the first).
 */
export type Query = Readonly<Record<string, string | readonly string[]>>;

/**
 * A record whose prototype chain holds no names (it ends in an object without a prototype), so a
 * parameter named `__proto__` or `constructor` is a parameter like any other. Made by a
 * constructor rather than `Object.create(null)`, whose objects V8 keeps as dictionaries: freezing
 * one of those cost as much again as parsing the query (the `cookie` package does the same).
 */
const Parameters = function () {} as unknown as new () => Record<string, string | string[]>;
Parameters.prototype = Object.create(null) as object;

const NO_QUERY: Query = Object.freeze(new Parameters());

/**
 * The one parser of a query string (WHATWG's form encoding, URLSearchParams: `+` is a space,
 * percent-escapes decoded as UTF-8). The record inherits no names, and it is frozen: every reader
 * of the request sees the same reading.
 */
export function parseQuery(search: string): Query {
  if (search === '') return NO_QUERY;
  const query = new Parameters();
  let repeated = false;
  new URLSearchParams(search).forEach((value, name) => {
    const given = query[name];
    if (given === undefined) query[name] = value;
    else if (typeof given === 'string') query[name] = [given, value];
    else given.push(value);
    repeated ||= given !== undefined;
  });
  if (repeated) for (const name in query) Object.freeze(query[name]);
  return Object.freeze(query);
}

/**
 * The first value given for `name`, as `URLSearchParams.get` answers: how tRPC's and Apollo's own
 * HTTP adapters read their parameters, so the doors that speak their wire read what they would.
 */
export function firstValue(query: Query, name: string): string | undefined {
  const value = query[name];
  return typeof value === 'string' ? value : value?.[0];
}

/**
 * Each parameter's one value, for an operation whose parameters are each given at most once: a
 * name given twice is refused (400 naming it) rather than one of its values picked silently.
 */
export function singleValues(query: Query): Readonly<Record<string, string>> {
  for (const name in query) {
    if (typeof query[name] !== 'string') throw new DomainError('invalid_request', `${name}: give it at most once`);
  }
  return query as Readonly<Record<string, string>>;
}
