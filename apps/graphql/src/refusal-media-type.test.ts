import { request } from 'node:http';
import { fixedClock } from '@petstore/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorization } from './testing/graphql-call.js';
import { startGraphql, type TestGraphql } from './testing/start-graphql.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json; charset=utf-8';
const MAX_BODY_BYTES = 512;

/**
 * Accept headers clients send, and the media type every answer to them must have: Apollo's own
 * (GraphQL-over-HTTP's negotiation) and, as the spec asks, every refusal the envelope writes
 * before Apollo runs. Apollo Client 4 sends the first; a client that asks for nothing gets JSON.
 */
const ACCEPTS: ReadonlyArray<[string, string | undefined, string]> = [
  ['Apollo Client 4', 'application/graphql-response+json,application/json;q=0.9', GRAPHQL_RESPONSE_TYPE],
  ['the GraphQL response type alone', 'application/graphql-response+json', GRAPHQL_RESPONSE_TYPE],
  ['the GraphQL response type preferred by weight', 'application/json;q=0.5, application/graphql-response+json', GRAPHQL_RESPONSE_TYPE],
  ['JSON', 'application/json', JSON_TYPE],
  ['no Accept header', undefined, JSON_TYPE],
  ['anything', '*/*', JSON_TYPE],
  ['neither JSON type', 'text/html', JSON_TYPE],
];

interface Answer {
  status: number;
  contentType: string | undefined;
  code: unknown;
}

/** POSTs `body` (all of it, or only its first `partial` bytes, then waits) and reads the answer. */
function post(url: string, headers: Record<string, string>, body: string, partial?: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers },
    });
    sent.once('error', reject);
    sent.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.once('end', () => {
        const errors = (JSON.parse(text) as { errors?: Array<{ extensions?: { code?: unknown } }> }).errors;
        resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'], code: errors?.[0]?.extensions?.code ?? null });
      });
    });
    if (partial === undefined) sent.end(body);
    else sent.write(body.slice(0, partial));
  });
}

const query = (text: string) => JSON.stringify({ query: text });

describe('the media type of every GraphQL answer, refusals from the envelope included', () => {
  let door: TestGraphql;
  let limited: TestGraphql;
  beforeAll(async () => {
    [door, limited] = await Promise.all([
      startGraphql({ maxBodyBytes: MAX_BODY_BYTES, bodyTimeoutSeconds: 1 }),
      // A clock that stands still: the spent budget stays spent, whenever a rate window would have ended.
      startGraphql({ rateLimit: 1, clock: fixedClock(new Date('2026-01-01T00:00:00Z')) }),
    ]);
    // The limited door's one operation is spent (__typename alone costs nothing): every later one there is refused with 429.
    expect((await post(limited.url, authorization(limited.apiKey), query('{ pets { id } }'))).status).toBe(200);
  });
  afterAll(async () => {
    await Promise.all([door.close(), limited.close()]);
  });

  it.each(ACCEPTS)('answers a client that sends %s in the media type it negotiated, whatever refuses it', async (_, accept, mediaType) => {
    const asked: Record<string, string> = accept === undefined ? {} : { Accept: accept };
    const key = { ...asked, ...authorization(door.apiKey) };
    const [apollo, ...refusals] = await Promise.all([
      post(door.url, key, query('{ __typename }')),
      post(door.url, asked, query('{ __typename }')),
      post(door.url, { ...asked, Authorization: 'Bearer psk_not-a-real-key' }, query('{ __typename }')),
      post(door.url, key, query(`{ __typename } # ${'x'.repeat(MAX_BODY_BYTES)}`)),
      post(door.url, { ...key, 'Content-Encoding': 'gzip' }, query('{ __typename }')),
      post(door.url, key, JSON.stringify(Array(11).fill({ query: '{ __typename }' }))),
      post(door.url, key, query('{ __typename }'), 5),
      post(limited.url, { ...asked, ...authorization(limited.apiKey) }, query('{ pets { id } }')),
    ]);
    // Apollo's own answer (a 406 when neither JSON type is acceptable, itself in JSON) sets the rule the refusals follow.
    expect(apollo.contentType).toBe(mediaType);
    expect(refusals).toEqual([
      { status: 401, contentType: mediaType, code: 'UNAUTHENTICATED' },
      { status: 401, contentType: mediaType, code: 'UNAUTHENTICATED' },
      { status: 413, contentType: mediaType, code: 'PAYLOAD_TOO_LARGE' },
      { status: 415, contentType: mediaType, code: 'UNSUPPORTED_MEDIA_TYPE' },
      { status: 400, contentType: mediaType, code: 'BAD_REQUEST' },
      { status: 408, contentType: mediaType, code: 'REQUEST_TIMEOUT' },
      { status: 429, contentType: mediaType, code: 'RATE_LIMITED' },
    ]);
  });
});
