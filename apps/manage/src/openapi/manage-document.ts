import { STABILITY_NOTES, type Operation } from '@petstore/domain';
import { describeStatus, HTTP_STATUS_BY_CODE } from '@petstore/http';
import { z } from 'zod';
import { ROUTES } from '../manage-routes.js';
import { sessionCookie } from '../session/session-cookie.js';
import type { OperationText } from './operation-text.js';
import { OPERATION_TEXT } from './operations.js';

type Json = Record<string, unknown>;

/** The domain's schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), less the keyword a document does not repeat. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

/** The error code the HTTP layer sends with a status, as every door's refusal carries it. */
export function codeOfStatus(status: number): string {
  return Object.entries(HTTP_STATUS_BY_CODE).find(([, mapped]) => mapped === status)?.[0] ?? describeStatus(status).code;
}

const REFUSALS: Readonly<Record<number, string>> = {
  400: 'The input is not what the operation takes; the message says which field and why.',
  401: 'Not signed in: no session cookie, or one whose session ended or expired (the cookie is then cleared); or, signing in, a wrong email or password.',
  403: 'Refused: a cross-site request (a change with a session cookie needs `Origin` of this service and `Content-Type: application/json`), or what your role or the operator does not allow.',
  404: "There is no such thing of yours (another person's is not yours either).",
  409: 'The request conflicts with what is already there.',
  410: 'The link is unknown, used, withdrawn or expired: ask for a new one.',
  413: 'The body is larger than the service takes.',
  415: 'The body is not `application/json`.',
  429: 'Too many attempts from this client: see `Retry-After`.',
  500: 'Something went wrong on our side; nothing is said of it here.',
  503: 'The service cannot answer now (its database is away, or it is shutting down): retry after `Retry-After`.',
};

/** The statuses an operation may refuse with: those of every operation, those of a body, and its own. */
function refusalsOf(operation: Operation, text: OperationText, method: string): number[] {
  const statuses = new Set([400, 401, 403, 429, 500, 503, ...(text.refusals ?? [])]);
  if (method !== 'GET') for (const status of [413, 415]) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * The management API's OpenAPI 3.1 document, generated from what the code holds: each route of
 * the door's table with the catalogue's operation (its operationId, `x-stability` and stability
 * note, who may call it as its security), the input and answer schemas from the zod schemas the
 * service parses with and the door answers with, and the refusals with the codes the HTTP layer
 * sends. `baseUrl` is where it is served (relative without PUBLIC_BASE_URL); the cookie's name
 * depends on it too.
 */
export function manageOpenApiDocument(baseUrl: string): Json {
  const cookie = sessionCookie(baseUrl);
  const schemas: Json = {
    Error: {
      type: 'object',
      required: ['code', 'message', 'status'],
      properties: { code: { type: 'string' }, message: { type: 'string' }, status: { type: 'integer' } },
      description: 'Every refusal: `status` repeats the HTTP status.',
    },
  };
  const paths: Record<string, Json> = {};
  for (const { method, template, name, operation } of ROUTES) {
    const text = OPERATION_TEXT[name];
    const notes = operation.stability === 'stable' ? '' : `\n\n${STABILITY_NOTES[operation.stability]}`;
    const responses: Json = {};
    const { success } = text;
    if (text.input) schemas[text.input.name] = jsonSchemaOf(text.input.schema, 'input');
    if (success.answer) schemas[success.answer.name] = jsonSchemaOf(success.answer.schema, 'output');
    responses[String(success.status)] = {
      description: success.description,
      ...(text.cookie && {
        headers: { 'Set-Cookie': { $ref: text.cookie === 'sets' ? '#/components/headers/SetSession' : '#/components/headers/ClearSession' } },
      }),
      ...(success.answer && { content: { 'application/json': { schema: { $ref: `#/components/schemas/${success.answer.name}` } } } }),
    };
    for (const status of refusalsOf(operation, text, method)) responses[String(status)] = refusal(status);
    const path = template.replace(/:(\w+)/g, '{$1}');
    paths[path] = {
      ...paths[path],
      [method.toLowerCase()]: {
        operationId: operation.name,
        summary: text.summary,
        description: `${text.description}${operation.callers === 'session' ? '\n\nNeeds a session: sign in first.' : ''}${notes}`,
        'x-stability': operation.stability,
        security: operation.callers === 'anyone' ? [] : [{ session: [] }],
        ...((path !== template || text.query || text.idempotencyKey) && {
          parameters: [...pathParameters(template), ...queryParameters(text.query), ...(text.idempotencyKey ? [IDEMPOTENCY_KEY] : [])],
        }),
        ...(text.input && {
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${text.input.name}` } } } },
        }),
        responses,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pet Store management API',
      version: '1.0.0-beta',
      description:
        'People sign up, sign in and hold a session here; the next releases add their API keys. JSON in and out; every refusal is ' +
        '`{code, message, status}`. The session token travels only in its cookie. A request that changes something with the ' +
        "cookie must come from this service's origin (`Origin`) as `application/json`. Every operation is beta.",
    },
    servers: [{ url: baseUrl === '' ? '/manage/v1' : baseUrl, description: 'This server' }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: cookie.name, description: 'The session cookie signIn sets (`HttpOnly`, `SameSite=Lax`).' },
      },
      headers: {
        SetSession: { description: `A new session: \`${cookie.name}=<token>; Path=/; HttpOnly; SameSite=Lax\`…`, schema: { type: 'string' } },
        ClearSession: { description: `Forget the session: \`${cookie.name}=; …; Max-Age=0\`.`, schema: { type: 'string' } },
      },
    },
  };
}

/** The header a create may carry so that a retry makes nothing new; what a retry answers is the operation's to say. */
const IDEMPOTENCY_KEY: Json = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'Any 1 to 255 printable ASCII characters without spaces (a UUID): send one with every create, and the same one with its retries.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
};

/** Each `:name` of a route template, as a required path parameter. */
function pathParameters(template: string): Json[] {
  return [...template.matchAll(/:(\w+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
}

/** Each property of the operation's query schema, as an optional query parameter. */
function queryParameters(query: OperationText['query']): Json[] {
  if (query === undefined) return [];
  const { properties = {} } = jsonSchemaOf(query, 'input') as { properties?: Record<string, Json> };
  return Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: false, schema }));
}

function refusal(status: number): Json {
  return {
    description: REFUSALS[status] ?? describeStatus(status).message,
    content: {
      'application/json': {
        schema: {
          allOf: [{ $ref: '#/components/schemas/Error' }],
          required: ['code', 'status'],
          properties: { code: { const: codeOfStatus(status) }, status: { const: status } },
        },
      },
    },
  };
}
