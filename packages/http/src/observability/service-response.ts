import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader } from 'node:http';
import { rateLimitHeaders } from '../rate-limit-headers.js';
import { findRequestReport } from './request-report.js';

/** Headers as Node's `writeHead` takes them in one array: name, value, name, value, ... */
export type HeaderList = Array<string | number>;

/**
 * The service's server response: the headers every answer carries (the request id, the security
 * headers, the caller's RateLimit standing once charged) are added when the head is written, not
 * when the request arrives. Node's `setHeader` validates, lowercases and files each header on its
 * own (about half a microsecond each on the bench machine, and an answer carries a dozen); a head
 * written whole by `writeHead(status, [name, value, ...])`, with nothing set before, takes the
 * lot in one pass. So an answer a door sends whole (`sendWhole`) pays for no `setHeader` at all,
 * and every other answer, whoever writes it, still gets the same headers; a door's own value for
 * one of them wins, as it did when they were set first.
 *
 * `serve` creates its server with this class (Node's `ServerResponse` option); under a plain
 * ServerResponse the shell and the envelope set the same headers as they go.
 */
export class ServiceResponse extends ServerResponse {
  /** Set by the shell for each request: the headers every answer carries, as a HeaderList. */
  standardHeaders: readonly (string | number)[] | undefined;

  override writeHead(statusCode: number, ...rest: unknown[]): this {
    const added = this.headersToAdd();
    if (added.length > 0) {
      const last = rest.length - 1;
      const given = rest[last];
      if (Array.isArray(given) && typeof given[0] !== 'object')
        rest[last] = [...this.notGivenIn(added, given as HeaderList), ...(given as HeaderList)];
      else
        for (let index = 0; index < added.length; index += 2)
          if (!this.hasHeader(String(added[index]))) this.setHeader(String(added[index]), added[index + 1] as string);
    }
    return (ServerResponse.prototype.writeHead as (this: ServerResponse, statusCode: number, ...rest: unknown[]) => this).call(
      this,
      statusCode,
      ...rest,
    );
  }

  /**
   * `added` less what the door gives or has set: with nothing set before, Node writes an array as
   * it is, repeats and all; with headers set, it sets the array's over them.
   */
  private notGivenIn(added: HeaderList, given: HeaderList): HeaderList {
    const names = new Set<string>();
    for (let index = 0; index < given.length; index += 2) names.add(String(given[index]).toLowerCase());
    const kept: HeaderList = [];
    for (let index = 0; index < added.length; index += 2) {
      const name = String(added[index]);
      if (!names.has(name.toLowerCase()) && !this.hasHeader(name)) kept.push(name, added[index + 1] as string);
    }
    return kept;
  }

  private headersToAdd(): HeaderList {
    const added: HeaderList = this.standardHeaders ? [...this.standardHeaders] : [];
    this.standardHeaders = undefined;
    const standing = findRequestReport(this.req)?.rateLimit;
    if (standing) for (const [name, value] of Object.entries(rateLimitHeaders(standing))) added.push(name, value);
    return added;
  }
}

/** Whether the answer's RateLimit headers are added with its head (a ServiceResponse) rather than set as they are known. */
export function addsStandardHeaders(res: ServerResponse<IncomingMessage>): res is ServiceResponse {
  return res instanceof ServiceResponse;
}

/**
 * Sends a whole answer: status, headers and body in one `writeHead` and one `end`. Under a
 * ServiceResponse with nothing set before, no header goes through `setHeader`. `headers` must
 * not carry Content-Length, which is counted here.
 */
export function sendWhole(res: ServerResponse<IncomingMessage>, status: number, headers: HeaderList, body: string): void {
  headers.push('Content-Length', Buffer.byteLength(body));
  res.writeHead(status, headers as OutgoingHttpHeader[]);
  res.end(body);
}
