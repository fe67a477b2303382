import { STABILITY_NOTES, type Operation } from '@petstore/domain';
import { codeOfStatus, describeStatus, jsonSchemaOf, RATE_LIMIT_HEADER_COMPONENTS, RATE_LIMIT_HEADERS } from '@petstore/http';
import { ROUTES } from '../manage-routes.js';
import { sessionCookie } from '../session/session-cookie.js';
import type { OperationText } from './operation-text.js';
import { OPERATION_TEXT } from './operations.js';
import { CALLERS_NOTE, parametersOf, securityOf } from './parameters.js';

type Json = Record<string, unknown>;

const REFUSALS: Readonly<Record<number, string>> = {
  400: 'The input is not what the operation takes; the message says which field and why.',
  401: 'Not signed in: no session cookie, or one whose session ended or expired (the cookie is then cleared); or, signing in, a wrong email or password; or an API key that is unknown, revoked or expired (`WWW-Authenticate: Bearer`).',
  403: 'Refused: a cross-site request (a change with a session cookie needs `Origin` of this service and `Content-Type: application/json`), what your role or the operator does not allow, an API key without the scope the operation needs, or a key given more than its creator holds.',
  404: "There is no such thing of yours (another person's is not yours either).",
  409: 'The request conflicts with what is already there.',
  410: 'The link is unknown, used, withdrawn or expired: ask for a new one.',
  413: 'The body is larger than the service takes.',
  415: 'The body is not `application/json`.',
  429: "Too many attempts from this client, or the API key's budget is spent: see `Retry-After`.",
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
      ...((text.cookie || text.location) && {
        headers: {
          ...(text.cookie && {
            'Set-Cookie': { $ref: text.cookie === 'sets' ? '#/components/headers/SetSession' : '#/components/headers/ClearSession' },
          }),
          ...(text.location && { Location: { $ref: '#/components/headers/Location' } }),
        },
      }),
      ...(success.answer && { content: { 'application/json': { schema: { $ref: `#/components/schemas/${success.answer.name}` } } } }),
    };
    for (const status of refusalsOf(operation, text, method)) responses[String(status)] = refusal(status, text.refusalNotes);
    if (operation.callers === 'key' || operation.callers === 'session-or-key')
      for (const response of Object.values(responses)) withRateLimit(response as Json);
    const path = template.replace(/:(\w+)/g, '{$1}');
    const parameters = parametersOf(template, text);
    paths[path] = {
      ...paths[path],
      [method.toLowerCase()]: {
        operationId: operation.name,
        summary: text.summary,
        description: `${text.description}${CALLERS_NOTE[operation.callers]}${notes}`,
        'x-stability': operation.stability,
        security: securityOf(operation),
        // As /v1 names it: the scope a key needs (a person holds every scope).
        ...(operation.scope !== undefined && { 'x-petstore-scopes': [operation.scope] }),
        ...(parameters.length > 0 && { parameters }),
        ...(text.input && {
          requestBody: {
            required: text.input.optional !== true,
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${text.input.name}` } } },
          },
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
        'People sign up, sign in and hold a session here, and they and their automation (a management key: `keys:read`, ' +
        "`keys:manage`) manage the account's API keys. JSON in and out; every refusal is " +
        '`{code, message, status}`. The session token travels only in its cookie. A request that changes something with the ' +
        "cookie must come from this service's origin (`Origin`) as `application/json`. Every operation is beta.",
    },
    servers: [{ url: baseUrl === '' ? '/manage/v1' : baseUrl, description: 'This server' }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: cookie.name, description: 'The session cookie signIn sets (`HttpOnly`, `SameSite=Lax`).' },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A management key: `Authorization: Bearer <key>`, a key with `keys:read` (the reads) or `keys:manage` (every key operation). ' +
            'Where a request carries both a key and the session cookie, the key decides and the cookie is ignored.',
        },
      },
      headers: {
        ...ANSWER_HEADERS,
        SetSession: { description: `A new session: \`${cookie.name}=<token>; Path=/; HttpOnly; SameSite=Lax\`…`, schema: { type: 'string' } },
        ClearSession: { description: `Forget the session: \`${cookie.name}=; …; Max-Age=0\`.`, schema: { type: 'string' } },
      },
    },
  };
}

/**
 * The headers answers carry beside their bodies, as the envelope and the writer send them: a key's
 * RateLimit standing on every answer to a key (packages/http's rateLimitHeaders), `Retry-After` on
 * a 429 or 503 that knows when to retry, `WWW-Authenticate` on 401, and a new key's `Location`.
 */
const ANSWER_HEADERS: Json = {
  Location: {
    description:
      "The URL of what was created, absolute, under the service's public origin as /v1 names a new pet: `PUBLIC_BASE_URL`, or in " +
      'development `http://localhost:PORT`; never the `Host` the request named.',
    required: true,
    schema: { type: 'string', format: 'uri-reference' },
  },
  RetryAfter: { description: 'Seconds to wait before retrying.', required: false, schema: { type: 'integer', minimum: 0 } },
  WWWAuthenticate: {
    description: 'The authentication scheme to use.',
    required: false,
    schema: { type: 'string', const: 'Bearer realm="petstore"' },
  },
  ...RATE_LIMIT_HEADER_COMPONENTS,
};

/** An answer to a key carries the key's standing, whatever its status. */
function withRateLimit(response: Json): void {
  response['headers'] = { ...(response['headers'] as Json | undefined), ...RATE_LIMIT_HEADERS };
}

function refusal(status: number, notes: OperationText['refusalNotes'] = {}): Json {
  const note = (notes as Readonly<Record<number, string>>)[status];
  const description = REFUSALS[status] ?? describeStatus(status).message;
  return {
    description: note === undefined ? description : `${description} ${note}`,
    ...((status === 429 || status === 503 || status === 401) && {
      headers:
        status === 401
          ? { 'WWW-Authenticate': { $ref: '#/components/headers/WWWAuthenticate' } }
          : { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
    }),
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
