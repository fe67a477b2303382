import { createRuntime, loadConfig } from '@petstore/runtime';
import * as jit from 'graphql-jit';
import { parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { exchangeWithoutHttp } from '../testing/exchange-without-http.js';
import { CompiledQueries } from './compiled-queries.js';
import { executableSchema } from './executable-schema.js';

// graphql-jit as it is, its compileQuery watched: how many times the door compiles is the point.
vi.mock('graphql-jit', async (importOriginal) => {
  const original = await importOriginal<typeof jit>();
  return { ...original, compileQuery: vi.fn(original.compileQuery) };
});

let queries: CompiledQueries;
let context: unknown;
beforeAll(async () => {
  const runtime = await createRuntime(loadConfig({ LOG_LEVEL: 'silent' }));
  await runtime.pets.create({ name: 'Rex', categoryId: 1 });
  queries = new CompiledQueries(executableSchema(runtime.pets).schema);
  const principal = { accountId: 'a-1', keyId: 'k-1', scopes: ['pets:read' as const], rateLimit: null, lineageId: 'k-1' };
  context = { exchange: exchangeWithoutHttp(principal) };
});

/** A document with a name of its own, as a stream of distinct documents sends them. */
function sight(name: string): { document: DocumentNode; operation: OperationDefinitionNode } {
  const document = parse(`query ${name}($limit: Int) { a: pets(limit: $limit) { name } b: pets { categoryId } }`);
  return { document, operation: document.definitions[0] as OperationDefinitionNode };
}

const run = (name: string, variables: Record<string, unknown> = { limit: 1 }) =>
  queries.execute({ ...sight(name), operationName: name, documentKey: `text of ${name}`, variables, context });

describe('CompiledQueries', () => {
  it('runs a document seen once with graphql-js and compiles it on its second sight, then keeps it', async () => {
    const compile = vi.mocked(jit.compileQuery);
    compile.mockClear();
    const answers = [await run('Once'), await run('Twice'), await run('Twice'), await run('Twice')];
    expect(compile.mock.calls.map(([, , operationName]) => operationName)).toEqual(['Twice']);
    for (const answer of answers) expect(answer).toEqual({ data: { a: [{ name: 'Rex' }], b: [{ categoryId: '1' }] } });
  });

  it("answers variables that do not fit the schema with graphql-js's errors, on either sight", async () => {
    const answers = [await run('Wrong', { limit: 'x' }), await run('Wrong', { limit: 'x' })];
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]?.errors?.[0]?.message).toMatch(/Variable "\$limit" got invalid value "x"/);
  });
});
