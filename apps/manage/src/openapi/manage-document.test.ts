import { Validator } from '@seriousme/openapi-schema-validator';
import { STABILITY_NOTES, type Callers, type Stability } from '@petstore/domain';
import { disagreementsWithCatalogue, stabilityInText, type PublishedOperation } from '@petstore/testing';
import { codeOfStatus } from '@petstore/http';
import { describe, expect, it } from 'vitest';
import { MANAGE_ROUTES } from '../manage-routes.js';
import { manageOpenApiDocument } from './manage-document.js';

type Json = Record<string, unknown>;
type OperationObject = Json & { responses: Record<string, Json>; security: Json[] };

const operationsOf = (document: Json) =>
  Object.entries(document['paths'] as Record<string, Record<string, OperationObject>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, operation })),
  );

/** Who the document says may call an operation: its security requirement, none meaning anyone. */
const callersOf = (operation: OperationObject): Callers | undefined => {
  const schemes = operation.security.map((requirement) => Object.keys(requirement).join('+')).join();
  const callers: Record<string, Callers> = { '': 'anyone', session: 'session', bearer: 'key', 'session,bearer': 'session-or-key' };
  return callers[schemes];
};

describe('the management API document', () => {
  for (const baseUrl of ['', 'https://petstore.example/manage/v1']) {
    const document = manageOpenApiDocument(baseUrl);

    it(`is a valid OpenAPI 3.1 document whose references all resolve (served at ${baseUrl || 'a relative URL'})`, async () => {
      const validator = new Validator();
      const result = await validator.validate(structuredClone(document));
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
      expect(validator.version).toBe('3.1');
      expect(() => validator.resolveRefs()).not.toThrow();
    });
  }

  const document = manageOpenApiDocument('');
  const described = operationsOf(document);

  it('says of every route what the catalogue says of its operation: who may call it, the scope a key needs, stability in x-stability and the description', () => {
    const published: PublishedOperation[] = described.map(({ route, operation }) => {
      const description = typeof operation['description'] === 'string' ? operation['description'] : '';
      return {
        name: route,
        scopes: (operation['x-petstore-scopes'] ?? []) as string[],
        callers: callersOf(operation),
        deprecated: operation['deprecated'] === true,
        removal: description,
        stability: { 'x-stability': operation['x-stability'] as Stability | undefined, description: stabilityInText(description) },
      };
    });
    const names = Object.keys(MANAGE_ROUTES.names);
    expect(disagreementsWithCatalogue({ document: '/manage/v1/openapi.json', names, operationOf: MANAGE_ROUTES.operationOf, published })).toEqual([]);
  });

  it('names each operation after its catalogue operation, and marks every one beta', () => {
    for (const { route, operation } of described) {
      expect(operation['operationId'], route).toBe(MANAGE_ROUTES.operationOf(route)?.name);
      expect(operation['description'], route).toContain(STABILITY_NOTES.beta);
    }
  });

  it('gives every refusal the contract Error body with the code the HTTP layer sends with its status, and 401 to every operation', () => {
    for (const { route, operation } of described) {
      expect(Object.keys(operation.responses), route).toEqual(expect.arrayContaining(['400', '401', '403', '429', '500', '503']));
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const schema = (response['content'] as Record<string, { schema: Json }>)['application/json']?.schema;
        expect(schema, `${route} ${status}`).toEqual({
          allOf: [{ $ref: '#/components/schemas/Error' }],
          required: ['code', 'status'],
          properties: { code: { const: codeOfStatus(Number(status)) }, status: { const: Number(status) } },
        });
      }
    }
  });

  it('names the session cookie as the service sets it: __Host- prefixed over https', () => {
    const schemeOf = (doc: Json) => ((doc['components'] as Json)['securitySchemes'] as Json)['session'];
    expect(schemeOf(document)).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'petstore_session' });
    expect(schemeOf(manageOpenApiDocument('https://petstore.example/manage/v1'))).toMatchObject({ name: '__Host-petstore_session' });
  });

  it('names the bearer keys as the second way in, and says of each key operation which scope it needs', () => {
    expect(((document['components'] as Json)['securitySchemes'] as Json)['bearer']).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const { route, operation } of described) {
      const callers = MANAGE_ROUTES.operationOf(route)?.callers;
      if (callers !== 'session-or-key') continue;
      expect(operation.security, route).toEqual([{ session: [] }, { bearer: [] }]);
      expect(operation['description'], route).toMatch(/keys:read.*keys:manage/);
    }
  });

  it("publishes createKey's Idempotency-Key header, listAuditRecords' filters and rollKey's optional body", () => {
    const at = (route: string): Json => described.find((entry) => entry.route === route)?.operation ?? {};
    expect(at('POST /keys')['parameters']).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false })]);
    const filters = (at('GET /audit-records')['parameters'] as Json[]).map((parameter) => [parameter['name'], parameter['in']]);
    expect(filters).toEqual(['actor', 'action', 'keyId', 'since', 'limit', 'cursor'].map((name) => [name, 'query']));
    expect(at('POST /keys/:keyId/roll')['requestBody']).toMatchObject({ required: false });
    expect(at('PATCH /keys/:keyId')['parameters']).toEqual([expect.objectContaining({ name: 'keyId', in: 'path', required: true })]);
  });

  it('answers a secret only from createKey and rollKey', () => {
    const schemas = (document['components'] as Json)['schemas'] as Record<string, Json>;
    const withSecret = Object.entries(schemas)
      .filter(([, schema]) => JSON.stringify(schema).includes('"key":{"type":"string"'))
      .map(([name]) => name);
    expect(withSecret.sort()).toEqual(['IssuedKey', 'RolledKey']);
  });
});
