import { fixedClock, INT64_MAX, INT64_MIN, OPERATOR, operatorOn } from '@petstore/domain';
import { parseJsonText } from '@petstore/http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '@petstore/service-kit';
import { doc } from './testing/document-schemas.js';
import { startRest, type TestRest } from './testing/start-rest.js';

interface Pet {
  id: number;
  name: string;
  categoryId: number;
  status?: string;
}
interface ErrorBody {
  code: string;
  message: string;
  status: number;
}

const stores = [
  { name: 'embedded store', uri: null },
  { name: 'MongoDB', uri: inject('mongodbUri') },
] as const;

for (const store of stores) {
  describe.skipIf(store.name === 'MongoDB' && !store.uri)(`REST /v1 contract on the ${store.name}`, () => {
    let door: TestRest;
    const get = <T>(path: string, key: string | null = door.apiKey) => call<T>(door.baseUrl, path, { key });
    const post = <T>(body: unknown, key: string | null = door.apiKey) => call<T>(door.baseUrl, '/v1/pets', { method: 'POST', key, body });
    const expectError = (response: { status: number; body: unknown; headers: Headers }, status: number, code: string) => {
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = response.body as ErrorBody;
      expect(body).toEqual({ code, message: expect.any(String), status });
      expect(body.message.length).toBeGreaterThan(0);
      return body;
    };
    const countPets = async () => (await get<Pet[]>('/v1/pets?limit=100')).body.length;

    beforeAll(async () => {
      door = await startRest({ mongodbUri: store.uri });
    });
    afterAll(async () => {
      await door.close();
    });

    describe('authentication', () => {
      it('answers 401 with an Error body and WWW-Authenticate when the key is missing', async () => {
        const response = await get('/v1/pets', null);
        expectError(response, 401, 'unauthorized');
        expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      });

      it.each([
        ['an unknown key', 'Bearer psk_not-a-real-key-at-all'],
        ['another scheme', 'Basic dXNlcjpwYXNz'],
        ['a scheme without a key', 'Bearer'],
        ['two keys', 'Bearer a b'],
      ])('answers 401 for %s', async (_, authorization) => {
        const response = await call(door.baseUrl, '/v1/pets', { headers: { Authorization: authorization } });
        expectError(response, 401, 'unauthorized');
        expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      });

      it('accepts the bearer scheme in any letter case', async () => {
        const response = await call(door.baseUrl, '/v1/pets', { headers: { Authorization: `bEaReR ${door.apiKey}` } });
        expect(response.status).toBe(200);
      });

      it('answers 401 for a revoked key', async () => {
        const account = await door.runtime.accounts.createAccount('revoked');
        const issued = await door.runtime.keys.createKey(operatorOn(account.id));
        expect((await get('/v1/pets', issued.key)).status).toBe(200);
        await door.runtime.keys.revokeKey(OPERATOR, issued.id);
        expectError(await get('/v1/pets', issued.key), 401, 'unauthorized');
      });

      it('checks the key before any other validation on every operation', async () => {
        expectError(await get('/v1/pets?limit=0', null), 401, 'unauthorized');
        expectError(await post({ name: 5 }, null), 401, 'unauthorized');
        expectError(await get('/v1/pets/abc', null), 401, 'unauthorized');
        expectError(await get('/v1/pets/1', 'wrong-key-wrong-key'), 401, 'unauthorized');
      });

      it("answers 403 forbidden where the document's x-petstore-scopes name a scope the key lacks, doing and charging nothing", async () => {
        const pet = (await post<Pet>({ name: 'Scoped', categoryId: 1 })).body;
        const requests: Record<string, (key: string) => ReturnType<typeof get>> = {
          listPets: (key) => get('/v1/pets', key),
          createPet: (key) => post({ name: 'Not by a read-only key', categoryId: 1 }, key),
          getPet: (key) => get(`/v1/pets/${pet.id}`, key),
        };
        const documented = Object.values(doc.paths).flatMap((item) => Object.values(item));
        expect(documented.map((op) => op['operationId'])).toEqual(Object.keys(requests));
        const account = await door.runtime.accounts.createAccount('scoped');
        for (const held of [['pets:read'], ['pets:write']] satisfies Array<Array<'pets:read' | 'pets:write'>>) {
          const { key } = await door.runtime.keys.createKey(operatorOn(account.id), { scopes: held, rateLimit: 100 });
          for (const op of documented) {
            const id = String(op['operationId']);
            const [needed] = op['x-petstore-scopes'] as string[];
            const before = await countPets();
            const response = await requests[id]!(key);
            if (held.some((scope) => scope === needed)) {
              expect(response.status, `${id} with ${held.join()}`).toBeLessThan(300);
              continue;
            }
            const error = expectError(response, 403, 'forbidden');
            expect(error.message).toBe(`this API key lacks the ${needed} scope that ${id} needs (it has: ${held.join(', ')})`);
            expect(await countPets()).toBe(before);
            expect(response.headers.get('ratelimit-limit')).toBe('100');
          }
        }
      });

      it('never echoes the key in an error', async () => {
        const response = await get('/v1/pets', 'psk_secretvalue_that_must_not_leak');
        expect(JSON.stringify(response.body)).not.toContain('secretvalue');
      });
    });

    describe('createPet', () => {
      it('answers 201 with the assigned id, the fields sent and a Location', async () => {
        const response = await post<Pet>({ name: 'Rex', categoryId: 3, status: 'available' });
        expect(response.status).toBe(201);
        expect(response.body).toEqual({ id: expect.any(Number), name: 'Rex', categoryId: 3, status: 'available' });
        expect(Number.isSafeInteger(response.body.id) && response.body.id > 0).toBe(true);
        // Absolute, under the origin the service names without PUBLIC_BASE_URL: this machine's port.
        expect(response.headers.get('location')).toBe(`http://localhost:${door.port}/v1/pets/${response.body.id}`);
      });

      it('invents no status when none is sent', async () => {
        const created = await post<Pet>({ name: 'Nameless status', categoryId: 1 });
        expect(created.status).toBe(201);
        expect(created.body).not.toHaveProperty('status');
        const read = await get<Pet>(`/v1/pets/${created.body.id}`);
        expect(read.body).toEqual(created.body);
      });

      it.each([INT64_MAX, INT64_MIN, 2n ** 53n + 1n, 0n, -1n])('keeps categoryId %s digit for digit in the JSON text', async (categoryId) => {
        const sent = `{"name":"Big","categoryId":${categoryId}}`;
        const created = await call(door.baseUrl, '/v1/pets', {
          method: 'POST',
          key: door.apiKey,
          rawBody: sent,
          headers: { 'Content-Type': 'application/json' },
        });
        expect(created.status).toBe(201);
        expect(created.text).toContain(`"categoryId":${categoryId}}`);
        const { id } = parseJsonText(created.text) as { id: number };
        const read = await call(door.baseUrl, `/v1/pets/${id}`, { key: door.apiKey });
        expect(read.text).toBe(created.text);
      });

      it('assigns distinct ids to concurrent creates', async () => {
        const created = await Promise.all(Array.from({ length: 30 }, (_, i) => post<Pet>({ name: `Twin ${i}`, categoryId: 2 })));
        expect(new Set(created.map((response) => response.body.id)).size).toBe(30);
      });

      it.each([
        ['a missing name', { categoryId: 1 }, 'name'],
        ['a missing categoryId', { name: 'Rex' }, 'categoryId'],
        ['a number as name', { name: 7, categoryId: 1 }, 'name'],
        ['a blank name', { name: '   ', categoryId: 1 }, 'name'],
        ['a string as categoryId', { name: 'Rex', categoryId: '7' }, 'categoryId'],
        ['a fraction as categoryId', { name: 'Rex', categoryId: 1.5 }, 'categoryId'],
        ['a NUL in the name', { name: 'Re\u0000x', categoryId: 1 }, 'name'],
        ['a C1 control in the name', { name: 'Re\u0085x', categoryId: 1 }, 'name'],
        ['DEL in the name', { name: 'Re\u007fx', categoryId: 1 }, 'name'],
        ['a lone surrogate in the name', { name: 'x\ud800y', categoryId: 1 }, 'name'],
        ['a status outside the enum', { name: 'Rex', categoryId: 1, status: 'lost' }, 'status'],
        ['a status in the wrong case', { name: 'Rex', categoryId: 1, status: 'AVAILABLE' }, 'status'],
        ['a null status', { name: 'Rex', categoryId: 1, status: null }, 'status'],
        ['an operator object as name', { name: { $gt: '' }, categoryId: 1 }, 'name'],
        ['an operator object as categoryId', { name: 'Rex', categoryId: { $ne: null } }, 'categoryId'],
        ['an unknown field', { name: 'Rex', categoryId: 1, colour: 'brown' }, 'colour'],
        ['a client-chosen id', { id: 5, name: 'Rex', categoryId: 1 }, 'id'],
        ['an array', [{ name: 'Rex', categoryId: 1 }], 'body'],
        ['a string', 'Rex', 'body'],
        ['null', null, 'body'],
      ])('answers 400 naming the field for %s, and stores nothing', async (_, body, field) => {
        const before = await countPets();
        const error = expectError(await post(body), 400, 'invalid_request');
        expect(error.message).toContain(field);
        expect(await countPets()).toBe(before);
      });

      it.each([
        ['2^63', '9223372036854775808'],
        ['below -2^63', '-9223372036854775809'],
        ['a long fraction that a double would round to an integer', '1.00000000000000000001'],
        ['a long exponent form that is not whole', '9.2233720368547758075e18'],
        ['2^63 in exponent form', '9.223372036854775808e18'],
      ])('answers 400 for a categoryId of %s, and stores nothing', async (_, categoryId) => {
        const before = await countPets();
        const response = await call(door.baseUrl, '/v1/pets', {
          method: 'POST',
          key: door.apiKey,
          rawBody: `{"name":"Rex","categoryId":${categoryId}}`,
          headers: { 'Content-Type': 'application/json' },
        });
        expect(expectError(response, 400, 'invalid_request').message).toContain('categoryId');
        expect(await countPets()).toBe(before);
      });

      it.each([
        ['1222941385447312.0', '1222941385447312'],
        ['9.223372036854775807e18', '9223372036854775807'],
        ['-9223372036854775808.000', '-9223372036854775808'],
      ])('takes a whole categoryId written as %s, keeping its digits', async (written, digits) => {
        const response = await call(door.baseUrl, '/v1/pets', {
          method: 'POST',
          key: door.apiKey,
          rawBody: `{"name":"Rex","categoryId":${written}}`,
          headers: { 'Content-Type': 'application/json' },
        });
        expect(response.status).toBe(201);
        expect(response.text).toContain(`"categoryId":${digits}`);
      });

      it.each([
        ['malformed JSON', '{"name": "Rex",', 'application/json'],
        ['an empty body', '', 'application/json'],
      ])('answers 400 for %s', async (_, rawBody, type) => {
        const response = await call(door.baseUrl, '/v1/pets', {
          method: 'POST',
          key: door.apiKey,
          rawBody,
          headers: { 'Content-Type': type },
        });
        expect(expectError(response, 400, 'invalid_request').message).toContain('body');
      });

      it('answers 415 for a body that is not JSON', async () => {
        const response = await call(door.baseUrl, '/v1/pets', {
          method: 'POST',
          key: door.apiKey,
          rawBody: 'name=Rex&categoryId=1',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        });
        expectError(response, 415, 'unsupported_media_type');
      });

      it.each(['application/merge-patch+json', 'application/vnd.api+json', 'text/json', 'application/json; charset=utf-16'])(
        'answers 415 saying what is accepted for %s, and stores nothing',
        async (type) => {
          const before = await countPets();
          const response = await call(door.baseUrl, '/v1/pets', {
            method: 'POST',
            key: door.apiKey,
            rawBody: '{"name":"Rex","categoryId":1}',
            headers: { 'Content-Type': type },
          });
          expect(expectError(response, 415, 'unsupported_media_type').message).toMatch(/application\/json.*\+json ones included, are refused/);
          expect(await countPets()).toBe(before);
        },
      );

      it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON; charset="UTF-8"'])('accepts %s', async (type) => {
        const response = await call(door.baseUrl, '/v1/pets', {
          method: 'POST',
          key: door.apiKey,
          rawBody: '{"name":"Rex","categoryId":1}',
          headers: { 'Content-Type': type },
        });
        expect(response.status).toBe(201);
      });

      it('answers 413 for a body over the size limit, and stores nothing', async () => {
        const before = await countPets();
        const response = await post({ name: 'x'.repeat(20_000), categoryId: 1 });
        expectError(response, 413, 'payload_too_large');
        expect(await countPets()).toBe(before);
      });
    });

    describe('listPets', () => {
      let statusTag: number;
      beforeAll(async () => {
        statusTag = Date.now();
        for (let i = 0; i < 25; i += 1) {
          await post({ name: `Lister ${statusTag}-${i}`, categoryId: 9, status: i % 5 === 0 ? 'sold' : 'pending' });
        }
      });

      it('returns a bare array of at most 20 pets by default, in ascending id order', async () => {
        const response = await get<Pet[]>('/v1/pets');
        expect(response.status).toBe(200);
        expect(Array.isArray(response.body)).toBe(true);
        expect(response.body).toHaveLength(20);
        const ids = response.body.map((pet) => pet.id);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
      });

      it('honours limit from 1 to 100', async () => {
        expect((await get<Pet[]>('/v1/pets?limit=1')).body).toHaveLength(1);
        expect((await get<Pet[]>('/v1/pets?limit=7')).body).toHaveLength(7);
        expect((await get<Pet[]>('/v1/pets?limit=100')).status).toBe(200);
      });

      it('filters by status', async () => {
        const sold = await get<Pet[]>('/v1/pets?status=sold&limit=100');
        expect(sold.body.length).toBeGreaterThanOrEqual(5);
        expect(sold.body.every((pet) => pet.status === 'sold')).toBe(true);
      });

      it.each(['0', '101', '-1', 'abc', '1.5', '', '1e1', ' 5'])('answers 400 for limit=%j', async (limit) => {
        const error = expectError(await get(`/v1/pets?limit=${encodeURIComponent(limit)}`), 400, 'invalid_request');
        expect(error.message).toContain('limit');
      });

      it('answers 400 for a repeated limit', async () => {
        expect(expectError(await get('/v1/pets?limit=5&limit=6'), 400, 'invalid_request').message).toContain('limit');
      });

      it.each([
        ['a typo', 'stauts=sold', 'stauts'],
        ['a bracketed operator', `${encodeURIComponent('status[$ne]')}=sold`, 'status[$ne]'],
        ['a bracketed operator, unencoded', 'limit[$gt]=1', 'limit[$gt]'],
        ['an unknown parameter beside known ones', 'limit=5&colour=brown', 'colour'],
        ['a repeated status', 'status=sold&status=pending', 'status'],
        ['a repeated unknown parameter', 'x=1&x=2', 'x'],
      ])('answers 400 naming the parameter for %s', async (_, query, name) => {
        const error = expectError(await get(`/v1/pets?${query}`), 400, 'invalid_request');
        expect(error.message).toContain(name);
      });

      it.each(['lost', 'SOLD', ''])('answers 400 for status=%j', async (status) => {
        const error = expectError(await get(`/v1/pets?status=${status}`), 400, 'invalid_request');
        expect(error.message).toContain('status');
      });

      it('links to the next page while more pets follow, and the walk sees every pet once', async () => {
        const seen: number[] = [];
        let next: string | null = '/v1/pets?limit=7&status=pending';
        while (next) {
          const page: Awaited<ReturnType<typeof get<Pet[]>>> = await get<Pet[]>(next);
          expect(page.status).toBe(200);
          seen.push(...page.body.map((pet) => pet.id));
          const link = page.headers.get('link');
          const url = link ? /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] : undefined;
          // Absolute, under the origin the service names, as Location is.
          const origin = `http://localhost:${door.port}`;
          if (url !== undefined) expect(url.startsWith(`${origin}/v1/pets?`), url).toBe(true);
          next = url?.slice(origin.length) ?? null;
        }
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen.length).toBeGreaterThanOrEqual(20);
        expect(seen).toEqual([...seen].sort((a, b) => a - b));
      });
    });

    describe('getPet (deprecated)', () => {
      it('returns the pet with Deprecation, Sunset and a Link to the replacement', async () => {
        const created = await post<Pet>({ name: 'Old', categoryId: 4, status: 'sold' });
        const response = await get<Pet>(`/v1/pets/${created.body.id}`);
        expect(response.status).toBe(200);
        expect(response.body).toEqual(created.body);
        expect(response.headers.get('deprecation')).toMatch(/^@\d+$/);
        expect(response.headers.get('sunset')).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
        expect(response.headers.get('link')).toBe(`<http://localhost:${door.port}/v1/pets>; rel="successor-version"`);
      });

      it('signals the deprecation on errors too', async () => {
        const missing = await get('/v1/pets/999999999999');
        expectError(missing, 404, 'not_found');
        expect(missing.headers.get('sunset')).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
        expect((await get('/v1/pets/1', null)).headers.get('deprecation')).toMatch(/^@\d+$/);
      });

      it.each(['abc', '1.5', '1e3', '9223372036854775808', '-9223372036854775809', '99999999999999999999'])(
        'answers 400 naming petId for %j',
        async (petId) => {
          expect(expectError(await get(`/v1/pets/${petId}`), 400, 'invalid_request').message).toContain('petId');
        },
      );

      it.each(['0', '-5', '9007199254740992', '9223372036854775806', '9223372036854775807', '-9223372036854775808'])(
        'answers 404 for %j, an int64 that names no pet',
        async (petId) => {
          expectError(await get(`/v1/pets/${petId}`), 404, 'not_found');
        },
      );
    });

    describe('query parameters of createPet and getPet', () => {
      it('answers 400 naming any query parameter, since neither operation takes one', async () => {
        const created = await post<Pet>({ name: 'Queried', categoryId: 1 });
        expect(expectError(await get(`/v1/pets/${created.body.id}?verbose=1`), 400, 'invalid_request').message).toContain('verbose');
        const before = await countPets();
        const response = await call(door.baseUrl, '/v1/pets?dryRun=true', { method: 'POST', key: door.apiKey, body: { name: 'Rex', categoryId: 1 } });
        expect(expectError(response, 400, 'invalid_request').message).toContain('dryRun');
        expect(await countPets()).toBe(before);
      });
    });

    describe('routes and methods', () => {
      it('answers 404 with an Error body for an unknown route', async () => {
        expectError(await get('/v1/nothing-here'), 404, 'not_found');
        expectError(await get('/nothing-here', null), 404, 'not_found');
      });

      it('answers 405 with Allow for another method on a known route', async () => {
        const response = await call(door.baseUrl, '/v1/pets', { method: 'DELETE', key: door.apiKey });
        expectError(response, 405, 'method_not_allowed');
        expect(response.headers.get('allow')).toMatch(/GET/);
        expect(response.headers.get('allow')).toMatch(/POST/);
        const one = await call(door.baseUrl, '/v1/pets/1', { method: 'PUT', key: door.apiKey });
        expectError(one, 405, 'method_not_allowed');
      });

      it('answers /healthz without a key', async () => {
        const response = await get('/healthz', null);
        expect(response.status).toBe(200);
      });
    });
  });

  describe.skipIf(store.name === 'MongoDB' && !store.uri)(`getPet after its sunset on the ${store.name}`, () => {
    let door: TestRest;
    beforeAll(async () => {
      door = await startRest({ mongodbUri: store.uri, clock: fixedClock(new Date('2030-12-05T00:00:00Z')) });
    });
    afterAll(async () => {
      await door.close();
    });

    it('answers 410 Gone with an Error body from 2030-12-05 on, while the list still works', async () => {
      const created = await call<Pet>(door.baseUrl, '/v1/pets', { method: 'POST', key: door.apiKey, body: { name: 'Late', categoryId: 1 } });
      const response = await call<ErrorBody>(door.baseUrl, `/v1/pets/${created.body.id}`, { key: door.apiKey });
      expect(response.status).toBe(410);
      expect(response.body).toEqual({ code: 'gone', message: expect.any(String), status: 410 });
      expect(response.headers.get('sunset')).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
      expect((await call(door.baseUrl, '/v1/pets', { key: door.apiKey })).status).toBe(200);
    });
  });
}
