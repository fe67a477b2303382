import { Validator } from '@seriousme/openapi-schema-validator';
import { CATALOGUE, INT64_MAX, INT64_MIN, isScope, LIST_LIMIT, ListQuery, MAX_PET_ID, MIN_PET_ID, NewPet, Pet } from '@petstore/domain';
import { describeStatus, HTTP_STATUS_BY_CODE, stringifyJson } from '@petstore/http';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deprecationHeaders } from '../deprecation-headers.js';
import { nextPageLink } from '../next-link.js';
import { deref, doc, schemaValidator } from '../testing/document-schemas.js';

type Json = Record<string, unknown>;

const { deprecation } = CATALOGUE.getPet;
if (!deprecation) throw new Error('the catalogue deprecates getPet');

/** The domain schema as JSON Schema, less the keywords an OpenAPI document does not repeat. */
const fromZod = (schema: z.ZodType, io: 'input' | 'output' = 'output'): Json => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
};

/** Resolves every `$ref` in a schema, so it can be compared keyword by keyword. */
const resolved = (schema: unknown): unknown => {
  const value = deref(schema);
  if (Array.isArray(value)) return value.map(resolved);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolved(inner)]));
};

const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
);
const operation = (id: string) => {
  const found = operations.find((entry) => entry.operation['operationId'] === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found.operation;
};
const parameter = (id: string, name: string): Json => {
  const found = (operation(id).parameters ?? []).map((p) => deref(p)).find((p) => p['name'] === name);
  if (!found) throw new Error(`no parameter ${name} on ${id}`);
  return found;
};
const bodySchema = (id: string): unknown =>
  deref<{ content: Record<string, { schema: unknown }> }>(operation(id)['requestBody']).content['application/json']?.schema;

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(stringifyJson(doc)) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('holds JSON Schemas that a strict 2020-12 validator compiles', () => {
    const valid = schemaValidator();
    for (const name of Object.keys(doc.components['schemas'] ?? {})) {
      expect(() => valid({ $ref: `#/components/schemas/${name}` }, null), name).not.toThrow();
    }
  });

  it('names the three operations of the contract, each behind the bearer scheme', () => {
    expect(operations.map(({ method, path, operation: op }) => [method, path, op['operationId']])).toEqual([
      ['get', '/pets', 'listPets'],
      ['post', '/pets', 'createPet'],
      ['get', '/pets/{petId}', 'getPet'],
    ]);
    expect(doc.components['securitySchemes']?.['bearerAuth']).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const { operation: op } of operations) expect(op['security']).toEqual([{ bearerAuth: [] }]);
  });

  it('lists production and staging as servers', () => {
    expect(doc['servers']).toEqual([
      { url: expect.stringMatching(/^https:\/\/.*\/v1$/), description: 'Production' },
      { url: expect.stringMatching(/^https:\/\/.*\/v1$/), description: 'Staging' },
    ]);
  });
});

describe('the document and the domain schemas', () => {
  it('bound NewPet as the domain does', () => {
    expect(resolved(bodySchema('createPet'))).toMatchObject(fromZod(NewPet));
    expect(operation('createPet')['requestBody']).toMatchObject({ required: true });
  });

  it('bound Pet as the domain does', () => {
    const created = deref<{ content: Record<string, { schema: unknown }> }>(operation('createPet').responses['201']);
    expect(resolved(created.content['application/json']?.schema)).toMatchObject(fromZod(Pet));
    const listed = deref<{ content: Record<string, { schema: unknown }> }>(operation('listPets').responses['200']);
    expect(resolved(listed.content['application/json']?.schema)).toMatchObject({ type: 'array', items: fromZod(Pet) });
  });

  it('bound the list query as the domain does', () => {
    const query = fromZod(ListQuery, 'input') as { properties: Record<string, Json> };
    for (const [name, schema] of Object.entries(query.properties)) {
      const documented = parameter('listPets', name);
      expect(documented, name).toMatchObject({ in: 'query', required: false });
      expect(resolved(documented['schema']), name).toMatchObject(schema);
    }
    const inQuery = (operation('listPets').parameters ?? []).map((p) => deref(p)).filter((p) => p['in'] === 'query');
    expect(inQuery.map((p) => p['name'])).toEqual(Object.keys(query.properties));
  });

  it('bound categoryId and petId to int64, digit for digit, and ids to the range the service assigns', () => {
    const int64 = { type: 'integer', format: 'int64', minimum: INT64_MIN, maximum: INT64_MAX, description: expect.any(String) };
    const petId = parameter('getPet', 'petId');
    expect(petId).toMatchObject({ in: 'path', required: true });
    expect(resolved(petId['schema'])).toEqual(int64);
    const created = deref<{ content: Record<string, { schema: unknown }> }>(operation('createPet').responses['201']);
    const pet = resolved(created.content['application/json']?.schema) as { properties: Record<string, unknown> };
    expect(pet.properties['categoryId']).toEqual(int64);
    expect(pet.properties['id']).toMatchObject({ type: 'integer', format: 'int64', minimum: MIN_PET_ID, maximum: MAX_PET_ID });
    expect((resolved(bodySchema('createPet')) as { properties: Record<string, unknown> }).properties['categoryId']).toEqual(int64);
  });

  it('gives examples the domain accepts', () => {
    const schemas = doc.components['schemas'] ?? {};
    const examples = (name: string) => (schemas[name]?.['examples'] ?? []) as unknown[];
    expect(examples('NewPet').length).toBeGreaterThan(0);
    for (const example of examples('NewPet')) expect(NewPet.safeParse(example).success, JSON.stringify(example)).toBe(true);
    for (const example of examples('Pet')) expect(Pet.safeParse(example).success, JSON.stringify(example)).toBe(true);
    expect(
      ListQuery.safeParse({ limit: parameter('listPets', 'limit')['example'], status: parameter('listPets', 'status')['example'] }).success,
    ).toBe(true);
  });

  describe('accept and refuse the same values', () => {
    const valid = schemaValidator();
    const newPetSchema = bodySchema('createPet');
    const agree = (value: unknown) => expect(valid(newPetSchema, value), JSON.stringify(value)).toBe(NewPet.safeParse(value).success);
    const { minLength, maxLength } = fromZod(NewPet.shape.name) as { minLength: number; maxLength: number };

    it('for names at and around the length bounds', () => {
      for (const length of [minLength - 1, minLength, minLength + 1, maxLength - 1, maxLength, maxLength + 1]) {
        agree({ name: 'x'.repeat(length), categoryId: 1 });
        agree({ name: ` ${'y'.repeat(Math.max(0, length - 2))} `, categoryId: 1 });
        // Both count code points, not UTF-16 units: a character outside the BMP is one character.
        agree({ name: '\u{1F415}'.repeat(length), categoryId: 1 });
      }
    });

    it('for a one-character name of every character in the Basic Multilingual Plane', () => {
      // The domain refuses names that trim to nothing; the document says so with a pattern.
      const pattern = deref<{ pattern: string }>(doc.components['schemas']?.['PetName']).pattern;
      const documented = new RegExp(pattern);
      const disagreements: string[] = [];
      for (let code = 0; code <= 0xffff; code += 1) {
        if (code >= 0xd800 && code <= 0xdfff) continue;
        const name = String.fromCharCode(code);
        if (documented.test(name) !== NewPet.shape.name.safeParse(name).success) disagreements.push(code.toString(16));
      }
      expect(disagreements).toEqual([]);
      agree({ name: '\u3000\ufeff\u2028', categoryId: 1 });
      agree({ name: ' \u00a0x', categoryId: 1 });
    });

    it('for categoryIds a double holds exactly, and values of other types', () => {
      for (const categoryId of [Number.MIN_SAFE_INTEGER, -1, 0, 1, Number.MAX_SAFE_INTEGER, 1.5, '7', null, true]) {
        agree({ name: 'Rex', categoryId });
      }
    });

    it('for categoryIds at and past the int64 bounds, which the domain takes as bigints', () => {
      for (const categoryId of [INT64_MIN, INT64_MAX]) expect(NewPet.safeParse({ name: 'Rex', categoryId }).success).toBe(true);
      for (const categoryId of [INT64_MIN - 1n, INT64_MAX + 1n]) expect(NewPet.safeParse({ name: 'Rex', categoryId }).success).toBe(false);
    });

    it('for names with control characters', () => {
      for (const name of ['Re\u0000x', 'Re\u001fx', 'Re\u007fx', 'Re\u0085x', 'Re\u009fx', 'Rex \u{1F415}', 'Re\u00a0x']) {
        agree({ name, categoryId: 1 });
      }
    });

    it('for names with an unpaired surrogate, which only the description can refuse (JSON Schema strings are code points)', () => {
      const name = deref<{ description: string }>(doc.components['schemas']?.['PetName']);
      expect(name.description).toMatch(/unpaired UTF-16 surrogate/);
      for (const lone of ['x\ud800', '\udc00x']) expect(NewPet.safeParse({ name: lone, categoryId: 1 }).success).toBe(false);
    });

    it('for every status, others, missing fields and unknown fields', () => {
      for (const status of [...NewPet.shape.status.unwrap().options, 'lost', 'SOLD', '', null]) agree({ name: 'Rex', categoryId: 1, status });
      for (const value of [{}, { name: 'Rex' }, { categoryId: 1 }, { name: 'Rex', categoryId: 1, id: 5 }, [], 'Rex', null]) agree(value);
    });
  });
});

describe('the document and the REST door', () => {
  it("dates getPet's removal as the domain does", () => {
    const getPet = operation('getPet');
    const sunsetDay = deprecation.sunset.toISOString().slice(0, 10);
    expect(getPet['deprecated']).toBe(true);
    expect(getPet['x-sunset']).toBe(sunsetDay);
    expect(getPet['description']).toContain(sunsetDay);
    const answered = deref<{ headers: Record<string, unknown> }>(getPet['responses']?.['200']).headers;
    expect(deref(answered['Sunset'])).toMatchObject({ schema: { const: deprecation.sunset.toUTCString() } });
  });

  it('says what the door refuses beyond the schemas: unknown or repeated query parameters, +json bodies', () => {
    const info = doc['info'] as { description: string };
    expect(info.description).toMatch(/Query parameters are strict.*`400 invalid_request`/);
    const unsupported = deref<{ description: string }>(doc.components['responses']?.['UnsupportedMediaType']);
    expect(unsupported.description).toMatch(/`application\/json`.*`application\/merge-patch\+json`, are refused/);
  });

  it('gives every getPet response the deprecation headers the door sends', () => {
    const valid = schemaValidator();
    for (const base of ['', 'https://api.petstore.example']) {
      const sent = deprecationHeaders(`${base}/v1`, deprecation);
      for (const [status, response] of Object.entries(operation('getPet').responses)) {
        // 431 is written by Node's clientError handler before the route runs (see below).
        if (status === '431') continue;
        const headers = deref<{ headers: Record<string, unknown> }>(response).headers;
        for (const [name, value] of Object.entries(sent)) {
          const header = deref<{ required: boolean; schema: unknown }>(headers[name]);
          expect(header.required, `${status} ${name}`).toBe(true);
          expect(valid(header.schema, value), `${status} ${name}: ${value}`).toBe(true);
        }
      }
    }
  });

  it('describes the next-page Link header the door sends', () => {
    const valid = schemaValidator();
    const header = deref<{ schema: unknown }>(doc.components['headers']?.['NextLink']);
    expect(valid(header.schema, nextPageLink('/v1', { limit: 5, status: 'sold' }, 'abc'))).toBe(true);
    expect(valid(header.schema, nextPageLink('https://api.petstore.example/v1', {}, 'abc'))).toBe(true);
  });

  it('gives each error status the code the HTTP layer sends with it', () => {
    const codeFor = (status: number) =>
      Object.entries(HTTP_STATUS_BY_CODE).find(([, mapped]) => mapped === status)?.[0] ?? describeStatus(status).code;
    for (const { operation: op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const schema = deref<{ content: Record<string, { schema: unknown }> }>(response).content['application/json']?.schema;
        const errorSchema = deref<{ allOf: unknown[]; required: string[]; properties: Json }>(schema);
        expect(errorSchema.allOf, `${String(op['operationId'])} ${status}`).toEqual([{ $ref: '#/components/schemas/Error' }]);
        expect(errorSchema.required).toEqual(['code', 'status']);
        expect(errorSchema.properties, `${String(op['operationId'])} ${status}`).toEqual({
          code: { const: codeFor(Number(status)) },
          status: { const: Number(status) },
        });
      }
    }
  });

  it('gives every answer that passed through the HTTP layer its X-Request-Id', () => {
    for (const { operation: op } of operations) {
      expect((op.parameters ?? []).map((p) => deref(p)).find((p) => p['name'] === 'X-Request-Id')).toMatchObject({ in: 'header', required: false });
      for (const [status, response] of Object.entries(op.responses)) {
        const header = deref<{ headers?: Record<string, unknown> }>(response).headers?.['X-Request-Id'];
        // 431 is written by Node's clientError handler before any middleware runs.
        if (status === '431') expect(header, status).toBeUndefined();
        else expect(deref(header), `${String(op['operationId'])} ${status}`).toMatchObject({ required: true });
      }
    }
  });

  it('names on every operation the one scope it needs, in x-petstore-scopes and its description, and documents its 403', () => {
    for (const { operation: op } of operations) {
      const id = String(op['operationId']);
      const scopes = op['x-petstore-scopes'] as string[];
      expect(scopes, id).toHaveLength(1);
      expect(scopes.every(isScope), id).toBe(true);
      expect(op['description'], id).toContain(`Needs the \`${scopes[0]}\` scope.`);
      const forbidden = deref<{ description: string; headers: Json }>(op.responses['403']);
      expect(forbidden.description, id).toMatch(/lacks the scope/);
      // Refused after the key check: the answer shows where the caller stands, nothing charged.
      expect(Object.keys(forbidden.headers), id).toEqual(expect.arrayContaining(['RateLimit', 'RateLimit-Limit', 'RateLimit-Remaining']));
    }
  });

  // Spectral's OWASP ruleset, owasp:api4:2019-rate-limit: 2xx and 4xx answers declare the RateLimit
  // headers. 401 and 431 are the exceptions the service makes: they are sent before any key is known.
  it('declares the RateLimit headers on every 2xx and 4xx answer sent after the key check, and only there', () => {
    for (const { operation: op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        const names = Object.keys(deref<{ headers?: Json }>(response).headers ?? {});
        const where = `${String(op['operationId'])} ${status}`;
        if (status === '401' || status === '431') expect(names, where).not.toContain('RateLimit');
        else if (/^[24]/.test(status)) expect(names, where).toEqual(expect.arrayContaining(['RateLimit', 'RateLimit-Limit', 'RateLimit-Reset']));
      }
    }
  });

  // owasp:api4:2019-array-limit: every array the document describes has maxItems.
  it('bounds every array it describes with maxItems, a list page by the largest limit', () => {
    const unbounded: string[] = [];
    const visit = (node: unknown, where: string): void => {
      if (Array.isArray(node)) node.forEach((item, index) => visit(item, `${where}/${index}`));
      if (typeof node !== 'object' || node === null) return;
      const schema = node as Json;
      if (schema['type'] === 'array' && typeof schema['maxItems'] !== 'number') unbounded.push(where);
      for (const [key, inner] of Object.entries(schema)) visit(inner, `${where}/${key}`);
    };
    visit(doc, '#');
    expect(unbounded).toEqual([]);
    expect(doc.components['schemas']?.['Pets']).toMatchObject({ maxItems: LIST_LIMIT.max });
  });

  it('documents 401 with WWW-Authenticate, 500 and 503 with Retry-After on every operation', () => {
    for (const { operation: op } of operations) {
      const responses = op.responses;
      for (const status of ['400', '401', '403', '429', '431', '500', '503'])
        expect(responses, `${String(op['operationId'])}`).toHaveProperty(status);
      expect(deref<{ headers: Json }>(responses['401']).headers).toHaveProperty('WWW-Authenticate');
      expect(deref<{ headers: Json }>(responses['503']).headers).toHaveProperty('Retry-After');
      expect(deref<{ headers: Json }>(responses['429']).headers).toHaveProperty('Retry-After');
    }
  });
});
