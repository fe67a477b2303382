import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { DomainError, fixedClock, type Clock, type PetStore, type Principal } from '@petstore/domain';
import { createRuntime, loadConfig, openStores } from '@petstore/runtime';
import { logFile, type LogFile } from '@petstore/service-kit';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DocumentAnalyses } from '../analysis/document-analyses.js';
import { createApolloServer } from '../apollo-server.js';
import type { GraphqlContext } from '../context.js';
import { resolveGraphqlOptions } from '../graphql-options.js';
import { operationLimitsRule } from '../limits/operation-limits-rule.js';
import { maskInternalErrors } from '../mask-internal-errors.js';
import { operationPlugin } from '../operation-plugin.js';
import { DOCUMENT_CORPUS, type CorpusEntry } from '../testing/document-corpus.js';
import { exchangeWithoutHttp } from '../testing/exchange-without-http.js';
import { CompiledQueries } from './compiled-queries.js';
import { executableSchema } from './executable-schema.js';

type Executor = 'graphql-js' | 'graphql-jit';

interface World {
  server: ApolloServer<GraphqlContext>;
  /** The service's LOG_FILE, read as it is then. */
  log: LogFile;
  /** How many operations graphql-jit ran in this world. */
  compiledRuns: () => number;
}

const OPTIONS = resolveGraphqlOptions({ introspection: true });
const started: World[] = [];
afterAll(async () => {
  await Promise.all(started.map((world) => world.server.stop()));
  for (const world of started) world.log.remove();
});

/**
 * A service over an embedded store of its own, its schema built as the door builds it, behind an
 * Apollo configured as the door's: graphql-js is Apollo's own execution over that schema,
 * graphql-jit the door's (createApolloServer, through the gateway hook). Both format errors with
 * the door's formatter, so an internal error is masked (and logged) after formatting in both.
 */
async function world(executor: Executor, clock: Clock, pets?: PetStore): Promise<World> {
  const log = logFile();
  const config = loadConfig({ LOG_LEVEL: 'info', LOG_FILE: log.path });
  const opened = await openStores(config, clock);
  const runtime = await createRuntime(config, { clock, stores: pets ? { ...opened, pets } : opened });
  const { schema, sdl } = executableSchema(runtime.pets);
  const analyses = new DocumentAnalyses(schema, OPTIONS.limits.tokens);
  const compiledQueries = new CompiledQueries(schema);
  const compiledRuns = vi.spyOn(compiledQueries, 'execute');
  const server =
    executor === 'graphql-jit'
      ? createApolloServer(runtime, OPTIONS, { schema, sdl, analyses, compiledQueries })
      : new ApolloServer<GraphqlContext>({
          schema,
          logger: runtime.logger,
          introspection: true,
          validationRules: [operationLimitsRule(OPTIONS.limits, analyses)],
          formatError: maskInternalErrors(runtime.logger),
          includeStacktraceInErrorResponses: false,
          plugins: [ApolloServerPluginCacheControlDisabled(), operationPlugin(analyses)],
        });
  await server.start();
  const made = { server, log, compiledRuns: () => compiledRuns.mock.calls.length };
  started.push(made);
  return made;
}

/** What a client and an operator see of one operation: status, headers, the whole result, the report and the log. */
async function run(world: World, entry: CorpusEntry) {
  const principal: Principal = { accountId: 'a-1', keyId: 'k-1', scopes: ['pets:read', 'pets:write'], rateLimit: null, lineageId: 'k-1' };
  const exchange = exchangeWithoutHttp(principal, entry.idempotencyKey);
  const contextValue: GraphqlContext = { exchange };
  const before = world.log.lines().length;
  const response = await world.server.executeOperation(
    {
      query: entry.query,
      ...(entry.variables && { variables: entry.variables }),
      ...(entry.operationName && { operationName: entry.operationName }),
    },
    { contextValue },
  );
  if (response.body.kind !== 'single') throw new Error('an incremental answer');
  // The service writes a turn's log lines to its LOG_FILE as the turn ends.
  await new Promise((resolve) => setImmediate(resolve));
  return {
    status: response.http.status,
    headers: [...response.http.headers],
    // Through JSON, as it is sent: a property set to undefined is no property.
    result: JSON.parse(JSON.stringify(response.body.singleResult)) as unknown,
    report: { operation: exchange.operationLabel, deprecatedCalls: exchange.deprecatedCalls },
    logged: world.log
      .lines()
      .slice(before)
      .map(({ msg, level, door, path, err }) => ({ msg, level, door, path, error: (err as { message?: string })?.message })),
  };
}

/** Runs the entries through both executors in lockstep, each over its own store that starts empty, and compares every answer. */
async function compareOn(clock: Clock, entries: readonly CorpusEntry[], pets?: () => PetStore) {
  const [reference, jit] = [await world('graphql-js', clock, pets?.()), await world('graphql-jit', clock, pets?.())];
  const answers = [];
  for (const entry of entries) {
    for (const sight of ['first', 'second']) {
      const [expected, actual] = [await run(reference, entry), await run(jit, entry)];
      expect({ entry: entry.name, sight, ...actual }).toEqual({ entry: entry.name, sight, ...expected });
      answers.push(expected);
    }
  }
  // Each world ran what it claims to: graphql-jit only in the door's Apollo.
  expect([reference.compiledRuns(), jit.compiledRuns()]).toEqual([0, expect.any(Number)]);
  expect(jit.compiledRuns()).toBeGreaterThan(entries.length);
  return answers;
}

const beforeSunset = fixedClock(new Date('2026-06-01T12:00:00Z'));
const afterSunset = fixedClock(new Date('2031-01-01T00:00:00Z'));
const failing = (error: Error) => (): PetStore => {
  const fail = async (): Promise<never> => {
    throw error;
  };
  return { insert: fail, list: fail, get: fail };
};
const READS_AND_WRITES = DOCUMENT_CORPUS.filter((entry) => /^(addPet|list|pet |door|several)/.test(entry.name));

/** graphql-jit, as the door runs it, answers every document the tests send exactly as graphql-js does. */
describe('the graphql-jit executor', () => {
  it('answers every document of the GraphQL and parity tests as graphql-js does, the first time and the next', { timeout: 60_000 }, async () => {
    const answers = await compareOn(beforeSunset, DOCUMENT_CORPUS);
    // What was compared covers what it must: data, nulls, every kind of error, int64 as ID strings.
    const results = JSON.stringify(answers.map((answer) => answer.result));
    for (const seen of [
      '9223372036854775807',
      '-9223372036854775808',
      '"pet":null',
      'BAD_USER_INPUT',
      'CONFLICT',
      'GRAPHQL_VALIDATION_FAILED',
      'GRAPHQL_PARSE_FAILED',
      '"locations"',
      '"path"',
    ]) {
      expect(results).toContain(seen);
    }
    expect(answers.map((answer) => answer.status)).toContain(400);
  });

  it('answers the deprecated read after its sunset as graphql-js does', async () => {
    const answers = await compareOn(
      afterSunset,
      DOCUMENT_CORPUS.filter((entry) => entry.name.startsWith('pet ')),
    );
    expect(JSON.stringify(answers)).toContain('GONE');
  });

  it('answers a store that fails unexpectedly as graphql-js does: masked after formatting, logged once each', async () => {
    const answers = await compareOn(beforeSunset, READS_AND_WRITES, failing(new Error('db-7 is down')));
    expect(JSON.stringify(answers)).toContain('"message":"internal error"');
    expect(answers.flatMap((answer) => answer.logged)).toContainEqual(expect.objectContaining({ msg: 'unexpected error', error: 'db-7 is down' }));
    expect(JSON.stringify(answers.map((answer) => answer.result))).not.toContain('db-7');
  });

  it('answers a database that is unavailable as graphql-js does: 503 with Retry-After', async () => {
    const unavailable = new DomainError('service_unavailable', 'the database is not reachable', { retryAfterSeconds: 7 });
    const answers = await compareOn(beforeSunset, READS_AND_WRITES, failing(unavailable));
    expect(answers.map((answer) => answer.status)).toContain(503);
  });
});
