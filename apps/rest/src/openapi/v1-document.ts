import {
  Int64Value,
  LIST_LIMIT,
  NewPet,
  Pet,
  PetId,
  PetName,
  PetStatus,
  STABILITY_NOTES,
  sunsetDay,
  type Deprecation,
  type Operation,
} from '@petstore/domain';
import { jsonSchemaOf, namedJsonSchemas, RATE_LIMIT_HEADERS } from '@petstore/http';
import { z } from 'zod';
import { deprecationHeaders } from '../deprecation-headers.js';
import { ROUTES } from '../rest-routes.js';
import { errorSchemas, refusal, refusalRef, responseComponents, type RefusalStatus } from './v1-answers.js';
import { headerComponents, REQUEST_ID_HEADER } from './v1-headers.js';
import { V1_OPERATION_TEXT, type ParameterText } from './v1-operations.js';

type Json = Record<string, unknown>;

export interface ApiServer {
  url: string;
  description: string;
}

export type OpenApiDocument = Json & { servers: ApiServer[] };

/** Where the document is served from: the door's prefix, and the servers it lists. */
export interface DocumentPlace {
  apiPrefix: string;
  servers: readonly ApiServer[];
}

/** A page of the list: what listPets answers, bounded by the largest limit. */
const Pets = z.array(Pet).max(LIST_LIMIT.max);

/** The domain's schemas the document names; each other one that holds one of them refers to it. */
const INPUT_SCHEMAS = { Int64Id: PetId, Int64: Int64Value, PetStatus, PetName, NewPet };
const OUTPUT_SCHEMAS = { ...INPUT_SCHEMAS, Pet, Pets };
const OUTPUTS = new Set(['Pet', 'Pets']);

function schemaComponents(): Record<string, Json> {
  const inputs = namedJsonSchemas(INPUT_SCHEMAS, 'input');
  // zod leaves a transforming schema's examples out of its input (they may be outputs); a new pet's are inputs, written as sent.
  const examples = NewPet.meta()?.['examples'];
  if (examples !== undefined) inputs['NewPet'] = { ...inputs['NewPet'], examples };
  const outputs = namedJsonSchemas(OUTPUT_SCHEMAS, 'output');
  return { ...inputs, ...Object.fromEntries(Object.entries(outputs).filter(([name]) => OUTPUTS.has(name))) };
}

/** A parameter's schema: a reference where the schema is one the document names, else the schema itself. */
function parameterSchema(schema: z.ZodType): Json {
  const bare = schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;
  const named = Object.entries(INPUT_SCHEMAS).find(([, candidate]) => candidate === bare)?.[0];
  return named ? { $ref: `#/components/schemas/${named}` } : jsonSchemaOf(schema, 'input');
}

function parameter({ name, in: where, schema, description, example }: ParameterText): Json {
  return { name, in: where, required: where === 'path', description, schema: parameterSchema(schema), ...(example !== undefined && { example }) };
}

/** The refusals every operation answers with; a body adds its own, and each operation those of its text. */
const EVERY_OPERATION: readonly RefusalStatus[] = [400, 401, 403, 429, 431, 500, 503];

/**
 * The headers every answer of a deprecated operation carries, the refused key's included (they
 * are sent before the key is checked), with the values the door sends; the link's address is
 * this deployment's (relative without PUBLIC_BASE_URL), so only its path is fixed.
 */
function deprecationNotice(apiPrefix: string, deprecation: Deprecation): Json {
  const sent = deprecationHeaders(apiPrefix, deprecation);
  const header = (description: string, schema: Json): Json => ({ description, required: true, schema: { type: 'string', ...schema } });
  const link = sent['Link'];
  return {
    Deprecation: header('RFC 9745: the operation is deprecated since this instant (`@` and seconds since the epoch).', {
      const: sent['Deprecation'],
    }),
    Sunset: header('RFC 8594: the operation stops working at this instant.', { const: sent['Sunset'] }),
    ...(link !== undefined && {
      Link: header(`A link to the operation that replaces this one, \`${deprecation.successor}\`: \`${link}\` under this service's address.`, {
        pattern: `^<[^>]*${link.slice(1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
      }),
    }),
  };
}

/** What an operation's description says beyond its own words: its deprecation first, then its scope and stability, from the catalogue. */
function describe(operation: Operation, own: string): string {
  const { deprecation } = operation;
  const removal = deprecation
    ? `**Deprecated: removed on ${sunsetDay(deprecation)}.** Instead, ${deprecation.replacement} (\`${deprecation.successor}\`). Every ` +
      'response of this operation carries `Deprecation`, `Sunset` and a `Link` to the replacement; from the sunset instant on it ' +
      'answers `410 gone`. '
    : '';
  const scope = operation.scope === undefined ? '' : ` Needs the \`${operation.scope}\` scope.`;
  const stability = operation.stability === 'stable' ? '' : `\n\n${STABILITY_NOTES[operation.stability]}`;
  return `${removal}${own}${scope}${stability}`;
}

function paths(place: DocumentPlace): { paths: Record<string, Json>; shared: Set<RefusalStatus> } {
  const result: Record<string, Json> = {};
  const shared = new Set<RefusalStatus>();
  for (const { method, template, name, operation } of ROUTES) {
    const text = V1_OPERATION_TEXT[name];
    const { deprecation } = operation;
    const notice = deprecation ? deprecationNotice(place.apiPrefix, deprecation) : {};
    const own = new Map((text.refusals ?? []).map(({ status, description }) => [status, description]));
    if (deprecation) own.set(410, `The operation was removed at its sunset (${sunsetDay(deprecation)}).`);
    const statuses = [...new Set([...EVERY_OPERATION, ...own.keys()])].sort((a, b) => a - b);
    const responses: Json = {
      [String(text.success.status)]: {
        description: text.success.description,
        headers: { ...text.success.headers, ...notice, ...RATE_LIMIT_HEADERS, ...REQUEST_ID_HEADER },
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${text.success.schema}` } } },
        ...(text.success.links && { links: text.success.links }),
      },
    };
    for (const status of statuses) {
      // A 431 is refused before anything is read, the deprecation notice included.
      const plain = status !== 431 && (own.get(status) !== undefined || deprecation !== undefined);
      if (!plain) shared.add(status);
      responses[String(status)] = plain ? refusal(status, own.get(status), notice) : refusalRef(status);
    }
    const path = template.replace(/:(\w+)/g, '{$1}');
    result[path] = {
      ...result[path],
      [method.toLowerCase()]: {
        operationId: operation.name,
        tags: ['pets'],
        summary: text.summary,
        description: describe(operation, text.description),
        ...(deprecation && { deprecated: true, 'x-sunset': sunsetDay(deprecation) }),
        security: [{ bearerAuth: [] }],
        ...(operation.scope !== undefined && { 'x-petstore-scopes': [operation.scope] }),
        'x-stability': operation.stability,
        parameters: text.parameters.map(parameter),
        ...(text.body && {
          requestBody: {
            required: true,
            description: text.body.description,
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${text.body.schema}` } } },
          },
        }),
        responses,
      },
    };
  }
  return { paths: result, shared };
}

/** The operations that need each scope, in the table's order. */
function operationsByScope(): Map<string, string[]> {
  const byScope = new Map<string, string[]>();
  for (const { operation } of ROUTES) if (operation.scope) byScope.set(operation.scope, [...(byScope.get(operation.scope) ?? []), operation.name]);
  return byScope;
}

/** Each scope the operations need, and the operations that need it, in words: `pets:read` (`listPets`, `getPet`). */
function scopesInWords(): string {
  const byScope = operationsByScope();
  const listed = [...byScope].map(([scope, names]) => `\`${scope}\` (${names.map((name) => `\`${name}\``).join(', ')})`);
  return `${listed.slice(0, -1).join(', ')} and ${listed.at(-1) ?? ''}`;
}

/**
 * The /v1 contract's OpenAPI 3.1 document, generated as /manage/v1's is: each route of the door's
 * table with its catalogue operation (operationId, scope, stability, deprecation), parameters,
 * bodies and answers from the zod schemas the service parses and answers with, and each answer's
 * headers as the HTTP layer sends them. `place` is where it is served (see `DocumentPlace`).
 */
export function v1OpenApiDocument(place: DocumentPlace): OpenApiDocument {
  const { paths: documentPaths, shared } = paths(place);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pet Store',
      version: '1.0.0',
      summary: 'A catalogue of animals offered by a store: list them, add one, fetch one.',
      description: [
        'All requests and responses use JSON. Every operation requires an API key sent as `Authorization: Bearer <API_KEY>`; keys come from an account (`petstore accounts create`, then `petstore keys create`).',
        `A key holds one or both scopes: ${scopesInWords()}. Each operation names the one it needs in its description and in \`x-petstore-scopes\` (HTTP bearer authentication has no scopes of its own). A key without it gets \`403 forbidden\`, naming the scope and the operation, before anything is done or charged. A key may also expire (then \`401 unauthorized\`, saying so) and have a rate limit of its own.`,
        'Every error is a JSON object `{ code, message, status }` where `status` repeats the HTTP status. Besides the statuses listed on each operation, any path under `/v1` answers `404 not_found` when it names no resource and `405 method_not_allowed` (with an `Allow` header) for a method the resource does not support.',
        'Query parameters are strict: a parameter an operation does not list (a typo such as `stauts`, or a bracketed name such as `status[$ne]`) or a parameter given more than once answers `400 invalid_request` with a message naming it; nothing is ignored.',
        'Lists are paged: a response that has more pets after it carries a `Link` header with `rel="next"` whose URL continues the walk with an opaque `after` cursor. A walk returns every pet that existed for the whole walk exactly once, whatever is written meanwhile.',
        "The rate limit (the key's own, or the service's when the operator sets one) counts operations, not connections: each request of this API is one operation, and one budget per key is shared with the service's GraphQL door (one per root field, aliases included) and tRPC door (one per call of a batch). A request costing more than what is left is refused whole with `429 rate_limited` and `Retry-After`; the `RateLimit` headers show what is left after the request.",
        'This document is served by the service itself at `/v1/openapi.json`, and as an interactive reference at `/docs`; neither needs a key.',
      ].join('\n\n'),
    },
    servers: [...place.servers],
    tags: [{ name: 'pets', description: 'The animals in the catalogue.' }],
    paths: documentPaths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key of the account, sent as `Authorization: Bearer <API_KEY>`. The scheme name is case-insensitive. ' +
            `The key's scopes (${[...operationsByScope().keys()].map((scope) => `\`${scope}\``).join(', ')}) decide which operations it may call: ` +
            "see each operation's `x-petstore-scopes`.",
        },
      },
      headers: headerComponents(),
      responses: responseComponents([...shared]),
      schemas: { ...schemaComponents(), ...errorSchemas() },
    },
  };
}
