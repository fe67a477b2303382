import { fixedClock } from '@petstore/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey, startTestGateway, type TestGateway } from '../testing/start-gateway.js';
import { PartialUpload, requestHead } from './testing/socket-client.js';
import { WIRE_DOORS, type WireRequest } from '../testing/doors/doors.js';
import { eachDoor, PARITY_STORES, sameForEveryDoor, sendWire, storedPets, type WireAnswer } from './testing/every-door.js';

/**
 * What every request meets before and after its door (packages/http's envelope), stated once
 * and run through REST, GraphQL and tRPC on both stores: the cost of a request, the body limit
 * and deadline, and the headers and codes of every refusal.
 */
const RATE_LIMIT = 30;
const MAX_BODY_BYTES = 1024;

const send = (gw: TestGateway, request: WireRequest, key: string | null, headers: Record<string, string> = {}): Promise<WireAnswer> =>
  sendWire(gw, request, { ...(key !== null && { Authorization: `Bearer ${key}` }), ...headers });

for (const store of PARITY_STORES) {
  describe.skipIf(store.name === 'MongoDB' && !store.uri)(`the request envelope at REST, GraphQL and tRPC on the ${store.name}`, () => {
    let gw: TestGateway;
    /** Every line the gateway has logged so far, read from its LOG_FILE. */
    const logLines = (): Array<Record<string, unknown>> => gw.readLog();
    const port = () => Number(new URL(gw.baseUrl).port);
    const storedNames = async (): Promise<Set<string>> => new Set((await storedPets(gw)).map((pet) => pet.name));

    beforeAll(async () => {
      gw = await startTestGateway({
        mongodbUri: store.uri,
        // The budget's window follows the clock: one that stands still keeps the suite inside one window.
        clock: fixedClock(new Date('2026-06-01T12:00:30Z')),
        env: {
          LOG_LEVEL: 'info',
          PETSTORE_RATE_LIMIT: String(RATE_LIMIT),
          PETSTORE_RATE_WINDOW_SECONDS: '3600',
          PETSTORE_MAX_BODY_BYTES: String(MAX_BODY_BYTES),
          PETSTORE_BODY_TIMEOUT_SECONDS: '1',
        },
        logs: true,
      });
    });
    afterAll(async () => {
      await gw.close();
    });

    describe('cost', () => {
      it('charges one unit per operation however a request packs them: a tRPC batch per call, GraphQL per root field and alias over a batch', async () => {
        const remaining = await eachDoor(WIRE_DOORS, async (door) => {
          const key = await issueKey(gw.runtime);
          let answer: WireAnswer | undefined;
          for (let asked = 0; asked < 6; asked += Math.min(3, door.maxOperations)) {
            answer = await send(gw, door.lists(Math.min(3, door.maxOperations)), key);
            expect(answer.status, door.name).toBe(200);
          }
          return answer?.headers.get('ratelimit-remaining');
        });
        expect(remaining).toEqual(sameForEveryDoor(String(RATE_LIMIT - 6)));
      });

      it('refuses a request that costs more than what is left with 429, and runs none of it', async () => {
        const answers = await eachDoor(WIRE_DOORS, async (door) => {
          const key = await issueKey(gw.runtime);
          const asked = Math.min(3, door.maxOperations);
          // Spend all but asked - 1 units: what is left falls one short of the request.
          for (let spent = 0; spent < RATE_LIMIT - (asked - 1); spent += 1) expect((await send(gw, door.lists(1), key)).status).toBe(200);
          const names = Array.from({ length: asked }, (_, i) => `over budget ${door.name} ${store.name} ${i}`);
          const answer = await send(gw, door.creates(names), key);
          const stored = await storedNames();
          return {
            status: answer.status,
            codes: [...new Set(door.errorCodes(answer.body))],
            retryAfter: Number(answer.headers.get('retry-after')) > 0,
            remaining: Number(answer.headers.get('ratelimit-remaining')) === asked - 1,
            anyStored: names.some((name) => stored.has(name)),
          };
        });
        expect(answers).toEqual(sameForEveryDoor({ status: 429, codes: ['rate_limited'], retryAfter: true, remaining: true, anyStored: false }));
      });
    });

    describe('the body', () => {
      it(`answers 413 to a body past PETSTORE_MAX_BODY_BYTES at every door, a whole batch counted as one body, and stores nothing`, async () => {
        const key = await issueKey(gw.runtime);
        const answers = await eachDoor(WIRE_DOORS, async (door) => {
          const one = await send(gw, door.creates([`too large ${'x'.repeat(MAX_BODY_BYTES)}`]), key);
          // Each name alone is well under the limit; together they are past it (REST sends one at a time).
          const many =
            door.maxOperations === 1
              ? [`batch ${'y'.repeat(MAX_BODY_BYTES)}`]
              : Array.from({ length: 3 }, (_, i) => `batch ${i} ${'y'.repeat(MAX_BODY_BYTES / 2)}`);
          const batch = await send(gw, door.creates(many), key);
          return [one, batch].map((answer) => ({
            status: answer.status,
            codes: [...new Set(door.errorCodes(answer.body))],
            // Refused after the key check: the answer still says where the caller stands.
            standing: answer.headers.get('ratelimit-remaining') !== null,
          }));
        });
        const refused = { status: 413, codes: ['payload_too_large'], standing: true };
        expect(answers).toEqual({ rest: [refused, refused], graphql: [refused, refused], trpc: [refused, refused] });
        expect([...(await storedNames())].filter((name) => name.startsWith('too large') || name.startsWith('batch '))).toEqual([]);
      });

      it('answers 408 in JSON and closes the connection when a body does not arrive within PETSTORE_BODY_TIMEOUT_SECONDS', async () => {
        const key = await issueKey(gw.runtime);
        const answers = await eachDoor(WIRE_DOORS, async (door) => {
          const request = door.creates(['slow']);
          const upload = new PartialUpload(
            port(),
            requestHead(request.method, request.path, { ...request.headers, Authorization: `Bearer ${key}`, 'Content-Length': '200' }),
          );
          upload.write((request.body ?? '').slice(0, 10));
          const answer = await upload.answer();
          return { status: answer.status, closed: answer.closed, codes: door.errorCodes(JSON.parse(answer.body)) };
        });
        expect(answers).toEqual({
          rest: { status: 408, closed: true, codes: ['request_timeout'] },
          graphql: { status: 408, closed: true, codes: ['request_timeout'] },
          trpc: { status: 408, closed: true, codes: ['request_timeout'] },
        });
      });

      it('answers 408 in JSON when the request headers do not arrive in time, whatever the door', async () => {
        const upload = new PartialUpload(port(), 'POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\n');
        const answer = await upload.answer();
        expect(answer.status).toBe(408);
        expect(JSON.parse(answer.body)).toMatchObject({ code: 'request_timeout', status: 408 });
      });

      it('counts and logs an upload the client abandons as 499 at info, never as an error', async () => {
        const key = await issueKey(gw.runtime);
        await eachDoor(WIRE_DOORS, async (door) => {
          const request = door.creates(['abandoned']);
          const upload = new PartialUpload(
            port(),
            requestHead(request.method, request.path, {
              ...request.headers,
              Authorization: `Bearer ${key}`,
              'Content-Length': '200',
              Expect: '100-continue',
            }),
          );
          await upload.continued();
          upload.write((request.body ?? '').slice(0, 10));
          upload.abort();
        });
        const doors = ['rest', 'graphql', 'trpc'];
        const logged = () =>
          logLines()
            .filter((line) => line['msg'] === 'request' && line['status'] === 499)
            .map((line) => line['door']);
        while (!doors.every((door) => logged().includes(door))) await new Promise((resolve) => setTimeout(resolve, 20));
        for (const line of logLines().filter((candidate) => candidate['status'] === 499)) expect(line['level']).toBe(30);
        expect(logLines().filter((line) => Number(line['level']) >= 50)).toEqual([]);
        const metrics = await gw.runtime.metrics.render();
        for (const door of doors) expect(metrics).toMatch(new RegExp(`petstore_http_requests_total\\{door="${door}",[^}]*status="499"\\} [1-9]`));
      });
    });

    describe('refusals', () => {
      it('answers 401 with WWW-Authenticate at every door, to single calls and batches alike, without reading the body', async () => {
        const answers = await eachDoor(WIRE_DOORS, async (door) => {
          const requests = [door.lists(1), door.lists(Math.min(3, door.maxOperations)), door.creates(['no key'])];
          return Promise.all(
            requests.map(async (request) => {
              const answer = await send(gw, request, null);
              return { status: answer.status, scheme: answer.headers.get('www-authenticate'), codes: [...new Set(door.errorCodes(answer.body))] };
            }),
          );
        });
        const refused = { status: 401, scheme: 'Bearer realm="petstore"', codes: ['unauthorized'] };
        expect(answers).toEqual(sameForEveryDoor([refused, refused, refused]));
      });

      it('names the code of every refusal at every door (tRPC in data.domainCode): key, media type, input, size', async () => {
        const key = await issueKey(gw.runtime);
        const answers = await eachDoor(WIRE_DOORS, async (door) => {
          const create = door.creates(['wrong type']);
          const failures = [
            await send(gw, create, null),
            await send(gw, create, key, { 'Content-Type': 'application/xml' }),
            await send(gw, door.creates(['']), key),
            await send(gw, door.creates([`x${'x'.repeat(MAX_BODY_BYTES)}`]), key),
          ];
          return failures.map((answer) => {
            const codes = door.errorCodes(answer.body);
            return codes.length > 0 && codes.every((code) => typeof code === 'string') ? true : answer;
          });
        });
        expect(answers).toEqual(sameForEveryDoor([true, true, true, true]));
      });
    });
  });
}
