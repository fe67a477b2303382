import type { Operation } from '@petstore/domain';
import type { z } from 'zod';
import { jsonSchemaOf } from './json-schema.js';
import type { OperationText } from './operation-text.js';

type Json = Record<string, unknown>;

/** What an operation's description adds about who may call it. */
export const CALLERS_NOTE: Readonly<Record<Operation['callers'], string>> = {
  anyone: '',
  session: '\n\nNeeds a session: sign in first.',
  key: '\n\nNeeds a management API key.',
  'session-or-key': '\n\nNeeds a session, or a management API key (`Authorization: Bearer`): `keys:read` for reads, `keys:manage` for changes.',
};

/** Who may call it, as OpenAPI says: no requirement for anyone, else any one of the schemes listed. */
export function securityOf(operation: Operation): Json[] {
  switch (operation.callers) {
    case 'anyone':
      return [];
    case 'session':
      return [{ session: [] }];
    case 'key':
      return [{ bearer: [] }];
    case 'session-or-key':
      return [{ session: [] }, { bearer: [] }];
  }
}

/** Each field of the operation's query schema, as an optional query parameter. */
function queryParameters(text: OperationText): Json[] {
  const shape: Record<string, z.ZodType> = text.query?.shape ?? {};
  return Object.entries(shape).map(([name, schema]) => {
    const { description, ...json } = jsonSchemaOf(schema, 'input');
    return { name, in: 'query', required: false, ...(typeof description === 'string' && { description }), schema: json };
  });
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

/** Every parameter of an operation: its path's, its query's, and `Idempotency-Key` where it honours one. */
export function parametersOf(template: string, text: OperationText): Json[] {
  return [...pathParameters(template), ...queryParameters(text), ...(text.idempotencyKey ? [IDEMPOTENCY_KEY] : [])];
}
