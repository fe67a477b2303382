/**
 * The bounds the portal's forms tell people (a new password's length, a key's rate limit), read from
 * the management API's document, which states what the service checks: written into
 * apps/portal/src/generated/form-limits.ts, so a bound changed in its zod schema reaches the forms'
 * hints and attributes with nothing else edited.
 */

interface SchemaObject {
  $ref?: string;
  properties?: Record<string, SchemaObject>;
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  type?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

interface Document {
  paths: Record<string, Record<string, { operationId?: string; requestBody?: { content?: Record<string, { schema?: SchemaObject }> } }>>;
  components?: { schemas?: Record<string, SchemaObject> };
}

/** Each constant the portal reads: which operation's body field it is taken from, and why the portal needs it. */
const LIMITS = [
  {
    name: 'NEW_PASSWORD',
    operationId: 'signUp',
    field: 'password',
    says: "A new password's length in characters, as every form that sets one takes it",
  },
  { name: 'ACCOUNT_NAME', operationId: 'signUp', field: 'accountName', says: "An account's name, in characters" },
  { name: 'KEY_NAME', operationId: 'updateKey', field: 'name', says: "A key's name, in characters" },
  { name: 'RATE_LIMIT', operationId: 'updateKey', field: 'rateLimit', says: "A key's own rate limit, in operations per window" },
] as const;

const BOUNDS = ['minLength', 'maxLength', 'minimum', 'maximum'] as const;

/** The TypeScript module of the forms' bounds, as the document states them. */
export function formLimitsModule(document: Document): string {
  const constants = LIMITS.map(({ name, operationId, field, says }) => {
    const schema = fieldOf(document, operationId, field);
    const bounds = BOUNDS.filter((bound) => schema[bound] !== undefined).map((bound) => `${bound}: ${String(schema[bound])}`);
    if (bounds.length === 0) throw new Error(`${operationId}'s ${field} states no bound in the document`);
    return `/** ${says}: the document's \`${field}\` of ${operationId}. */\nexport const ${name} = { ${bounds.join(', ')} } as const;\n`;
  });
  return `// Generated from the served /manage/v1/openapi.json by apps/gateway/src/portal/manage-types.test.ts: run \`npm run codegen\`.\n\n${constants.join('\n')}`;
}

function fieldOf(document: Document, operationId: string, field: string): SchemaObject {
  const operation = Object.values(document.paths)
    .flatMap((methods) => Object.values(methods))
    .find((candidate) => candidate.operationId === operationId);
  const body = operation?.requestBody?.content?.['application/json']?.schema;
  if (!body) throw new Error(`the document has no JSON body for ${operationId}`);
  const property = resolve(document, body).properties?.[field];
  if (!property) throw new Error(`${operationId}'s body has no field ${field}`);
  return notNull(document, resolve(document, property));
}

/** The branch of a nullable field (`anyOf: [schema, { type: 'null' }]`) that says what it is. */
function notNull(document: Document, schema: SchemaObject): SchemaObject {
  const branches = (schema.anyOf ?? schema.oneOf)?.map((branch) => resolve(document, branch)).filter((branch) => branch.type !== 'null');
  return branches?.length === 1 ? (branches[0] as SchemaObject) : schema;
}

function resolve(document: Document, schema: SchemaObject): SchemaObject {
  if (schema.$ref === undefined) return schema;
  const named = document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')];
  if (!named) throw new Error(`${schema.$ref} is not in the document`);
  return resolve(document, named);
}
