import type { IncomingMessage } from 'node:http';
import { parse as parseContentType } from 'content-type';
import { parseCookie } from 'cookie';
import parseurl from 'parseurl';
import { hasBody, parseJsonBody, readBodyText, type BodyLimits } from '../envelope/body.js';
import { parseQuery, type Query } from './query.js';

/**
 * The request side of an exchange, sealed as hono's HonoRequest is: the raw request is private,
 * and each part of it is read here, lazily and once, by every step and door alike. The URL is
 * parsed by parseurl, which Koa's router reads too and which keeps its parse on the request, so
 * the path is found once for both. Nothing is copied up front: a request that never asks for its
 * query, cookies or body pays nothing for them.
 */
export class RequestReader {
  readonly #req: IncomingMessage;
  readonly #bodyLimits: BodyLimits;
  #path: string | undefined;
  #query: Query | undefined;
  #params: Readonly<Record<string, string>> | undefined;
  #cookies: Readonly<Record<string, string | undefined>> | undefined;
  #text: Promise<string> | undefined;

  constructor(req: IncomingMessage, bodyLimits: BodyLimits) {
    this.#req = req;
    this.#bodyLimits = bodyLimits;
  }

  /** The request's method, as sent (Node keeps it in upper case for every method it knows). */
  get method(): string {
    return this.#req.method ?? 'GET';
  }

  /** The URL's path, still percent-encoded, without its query: what the routes are matched against. */
  get path(): string {
    return (this.#path ??= parseurl(this.#req)?.pathname ?? '/');
  }

  /** The query string, parsed the first time it is asked for (see Query for what repeated names give). */
  query(): Query {
    if (this.#query === undefined) {
      const search = parseurl(this.#req)?.query;
      this.#query = parseQuery(typeof search === 'string' ? search : '');
    }
    return this.#query;
  }

  /** A parameter of the route the request matched (`petId` of `/pets/:petId`), decoded; undefined before a route matched. */
  param(name: string): string | undefined {
    return this.#params?.[name];
  }

  /**
   * A request header, by its name in lower case (as Node keeps them). A header sent more than once
   * is one value, as Node joins it (`, `; `; ` for Cookie).
   */
  header(name: Lowercase<string>): string | undefined {
    const value = this.#req.headers[name];
    return typeof value === 'object' ? value.join(', ') : value;
  }

  /** Every request header with its value, as `header` reads it, for a library that takes them all (Apollo's HeaderMap). */
  eachHeader(visit: (name: string, value: string) => void): void {
    const headers = this.#req.headers;
    for (const name in headers) {
      const value = headers[name];
      if (value !== undefined) visit(name, typeof value === 'object' ? value.join(', ') : value);
    }
  }

  /**
   * A cookie the request carries, by its exact name: the first of that name, as the `cookie`
   * package reads the Cookie header (RFC 6265 §5.4), parsed the first time one is asked for.
   */
  cookie(name: string): string | undefined {
    this.#cookies ??= parseCookie(this.header('cookie') ?? '');
    return this.#cookies[name];
  }

  /**
   * The request's `Idempotency-Key` header as sent. Present but empty stays '' so the domain
   * refuses it as a bad key (400) rather than treating it as absent, at every door alike.
   */
  get idempotencyKey(): string | undefined {
    return this.header('idempotency-key');
  }

  /** Whether the request says it has a body (a length above 0, or a chunked one). */
  get hasBody(): boolean {
    return hasBody(this.#req);
  }

  /** The body's media type in lower case, without its parameters; undefined without a Content-Type that is one. */
  get mediaType(): string | undefined {
    const header = this.#req.headers['content-type'];
    if (header === undefined) return undefined;
    try {
      return parseContentType(header).type;
    } catch {
      return undefined;
    }
  }

  /**
   * The body as text, read once under the one size limit, media-type rule and deadline (see
   * readBodyText for each refusal); asked for again, the same reading.
   */
  text(): Promise<string> {
    return (this.#text ??= readBodyText(this.#req, this.#bodyLimits));
  }

  /** The body as JSON, every number read from its digits; 400 when it is not JSON. Untyped: the domain schemas decide what it is. */
  async json(): Promise<unknown> {
    return parseJsonBody(await this.text(), 'body');
  }

  /** Whether the whole request, its body included, has arrived: an answer sent before it has closes the connection. */
  get complete(): boolean {
    return this.#req.complete;
  }

  /** The router matched a route whose template captured `params` (kept as the router made them, not copied). */
  matched(params: Readonly<Record<string, string>>): void {
    this.#params = params;
  }
}
