import type { Operation } from '@petstore/domain';
import { jsonSchemaOf } from '@petstore/http';
import type { z } from 'zod';
import { PATH_PARAMETERS, type PathParameter } from '../path-parameters.js';
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

function headerParameters(text: OperationText): Json[] {
  return (text.headers ?? []).map(({ name, description, schema }) => ({
    name,
    in: 'header',
    required: false,
    description,
    schema: jsonSchemaOf(schema, 'input'),
  }));
}

/** Each `:name` of a route template, as a required path parameter with the schema its handler parses it with. */
function pathParameters(template: string): Json[] {
  return [...template.matchAll(/:(\w+)/g)].map(([, name]) => {
    const schema = PATH_PARAMETERS[name as PathParameter];
    if (schema === undefined) throw new Error(`the route ${template} has a parameter ${name} without a schema in path-parameters.ts`);
    return { name, in: 'path', required: true, schema: jsonSchemaOf(schema, 'input') };
  });
}

/** Every parameter of an operation: its path's, its query's, its own headers. */
export function parametersOf(template: string, text: OperationText): Json[] {
  return [...pathParameters(template), ...queryParameters(text), ...headerParameters(text)];
}
