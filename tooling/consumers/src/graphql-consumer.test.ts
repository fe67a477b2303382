import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromGraphQLCodegenPersistedDocuments, generatePersistedQueryManifest } from '@apollo/generate-persisted-query-manifest';
import { fileURLToPath } from 'node:url';
import { CombinedGraphQLErrors } from '@apollo/client';
import { generate, loadCodegenConfig } from '@graphql-codegen/cli';
import { spawnServer, type ServerProcess } from '@petstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddPet, AvailablePets, PetById } from '../graphql/src/operations.js';
import { createPetstoreGraphqlClient } from '../graphql/src/petstore-graphql.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = fileURLToPath(new URL('../graphql/src/gql/persisted-documents.json', import.meta.url));
const gatewayMain = fileURLToPath(new URL('./main.js', import.meta.resolve('@petstore/gateway')));

describe('the typed GraphQL example consumer', () => {
  it('has the files codegen makes from the published SDL today (run `pnpm --filter @petstore/consumers codegen`)', { timeout: 60_000 }, async () => {
    const { config } = await loadCodegenConfig({ configFilePath: `${root}graphql/codegen.ts` });
    const outputs: Array<{ filename: string; content: string }> = await generate({ ...config, cwd: root, silent: true }, false);
    expect(outputs.map((output) => output.filename).sort()).toContain('graphql/src/gql/persisted-documents.json');
    for (const output of outputs) expect(await readFile(`${root}${output.filename}`, 'utf8'), output.filename).toBe(output.content);
  });

  it('sees the deprecated pet(id:) as deprecated, with its removal date, in the generated types', async () => {
    const types = await readFile(`${root}graphql/src/gql/graphql.ts`, 'utf8');
    expect(types).toMatch(/@deprecated Removed on 2030-12-05\.[^\n]*\n\s*\*\/\n\s*pet\?: Maybe<Pet>;/);
  });

  describe('against a gateway that does not know its key', () => {
    let gateway: ServerProcess;
    beforeAll(async () => {
      gateway = await spawnServer(gatewayMain, { PETSTORE_DEV_API_KEY: `consumer_${randomBytes(24).toString('base64url')}` });
    });
    afterAll(async () => {
      await gateway?.stop();
    });

    /**
     * Apollo Client 4 reads a non-2xx answer as GraphQL only in the media type it asked for
     * (application/graphql-response+json); in plain JSON it is a bare ServerError, the code left
     * inside its bodyText.
     */
    it('sees a bad key as a GraphQL error with extensions.code UNAUTHENTICATED, for a query and a mutation', async () => {
      const client = createPetstoreGraphqlClient({ url: `${gateway.baseUrl}/graphql`, apiKey: 'psk_not-a-key-this-gateway-knows' });
      const failures = await Promise.all([
        client.query({ query: AvailablePets, variables: { limit: 1 } }).then(
          () => 'answered',
          (error: unknown) => error,
        ),
        client.mutate({ mutation: AddPet, variables: { input: { name: 'Rex', categoryId: '1' } } }).then(
          () => 'answered',
          (error: unknown) => error,
        ),
      ]);
      for (const failure of failures) {
        expect(CombinedGraphQLErrors.is(failure), String(failure)).toBe(true);
        expect((failure as CombinedGraphQLErrors).errors).toEqual([expect.objectContaining({ extensions: { code: 'UNAUTHENTICATED' } })]);
      }
    });
  });

  describe('against a gateway that keeps no documents by id (trusted documents off)', () => {
    const apiKey = `consumer_${randomBytes(24).toString('base64url')}`;
    let gateway: ServerProcess;
    beforeAll(async () => {
      gateway = await spawnServer(gatewayMain, { PETSTORE_DEV_API_KEY: apiKey });
    });
    afterAll(async () => {
      await gateway?.stop();
    });

    it("is told 400 PERSISTED_QUERY_NOT_SUPPORTED once by the persisted-query link's first hash, then sends documents and is answered", async () => {
      const exchanges: Array<{ sentHash: boolean; sentQuery: boolean; status: number }> = [];
      const client = createPetstoreGraphqlClient({
        url: `${gateway.baseUrl}/graphql`,
        apiKey,
        fetch: async (input, init) => {
          const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as {
            query?: unknown;
            extensions?: { persistedQuery?: unknown };
          };
          const response = await fetch(input, init);
          exchanges.push({ sentHash: body.extensions?.persistedQuery !== undefined, sentQuery: body.query !== undefined, status: response.status });
          return response;
        },
      });
      for (const limit of [1, 2]) {
        const page = await client.query({ query: AvailablePets, variables: { limit }, fetchPolicy: 'network-only' });
        expect(page.data?.petsPage.pets).toEqual(expect.any(Array));
      }
      expect(exchanges).toEqual([
        { sentHash: true, sentQuery: false, status: 400 },
        { sentHash: false, sentQuery: true, status: 200 },
        { sentHash: false, sentQuery: true, status: 200 },
      ]);
    });
  });

  /**
   * The two manifests a frontend team makes: graphql-codegen's (its client preset, keys
   * `sha256:<hex>`, texts normalised by codegen) and Apollo's (@apollo/generate-persisted-query-manifest
   * over the same operations, ids the sha256 of the text Apollo Client sends).
   */
  const manifests = {
    "graphql-codegen's client preset": async () => manifest,
    "Apollo's generate-persisted-query-manifest": async () => {
      const made = await generatePersistedQueryManifest({ documents: fromGraphQLCodegenPersistedDocuments(manifest) }, undefined);
      const file = join(await mkdtemp(join(tmpdir(), 'petstore-apollo-manifest-')), 'persisted-query-manifest.json');
      await writeFile(file, JSON.stringify(made));
      return file;
    },
  };

  describe.each(Object.entries(manifests))('against a gateway that runs only the operations of a manifest made by %s', (_name, makeManifest) => {
    const apiKey = `consumer_${randomBytes(24).toString('base64url')}`;
    let gateway: ServerProcess;
    let file: string;
    beforeAll(async () => {
      file = await makeManifest();
      gateway = await spawnServer(gatewayMain, { PETSTORE_DEV_API_KEY: apiKey, PETSTORE_GRAPHQL_TRUSTED_DOCUMENTS: file });
    });
    afterAll(async () => {
      await gateway?.stop();
    });

    it("runs each registered operation through Apollo Client's persisted-query link as its documentation configures it, by id once the server knows it", async () => {
      const sent: Array<Record<string, unknown>> = [];
      const client = createPetstoreGraphqlClient({
        url: `${gateway.baseUrl}/graphql`,
        apiKey,
        fetch: async (input, init) => {
          sent.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>);
          return fetch(input, init);
        },
      });
      const round = async (name: string) => {
        const added = await client.mutate({ mutation: AddPet, variables: { input: { name, categoryId: '1', status: 'AVAILABLE' } } });
        const id = added.data?.addPet.id ?? '';
        const page = await client.query({ query: AvailablePets, variables: { limit: 5 }, fetchPolicy: 'network-only' });
        const one = await client.query({ query: PetById, variables: { id }, fetchPolicy: 'network-only' });
        expect(page.data?.petsPage.pets.map((pet) => pet.name)).toContain(name);
        expect(one.data?.pet).toMatchObject({ id, name });
      };
      await round('Rex');
      const firstRound = sent.splice(0);
      await round('Ida');
      // Whatever the first round needed (codegen's texts are not the ones the link hashes), every
      // operation now goes by its id alone.
      expect(sent).toHaveLength(3);
      for (const body of [...firstRound, ...sent]) expect(body).toHaveProperty('extensions.persistedQuery.sha256Hash');
      for (const body of sent) expect(body).not.toHaveProperty('query');
    });

    it('runs a registered operation named by its GraphQL-over-HTTP documentId, `sha256:<hex>` or `<hex>`', async () => {
      const read = JSON.parse(await readFile(file, 'utf8')) as { operations?: Array<{ id: string; name: string }> } & Record<string, unknown>;
      const id = read.operations
        ? (read.operations.find((operation) => operation.name === 'AvailablePets')?.id ?? '')
        : (Object.keys(read).find((key) => String(read[key]).startsWith('query AvailablePets')) ?? '');
      const hex = id.replace(/^sha256:/, '');
      for (const documentId of [`sha256:${hex}`, hex]) {
        const response = await fetch(`${gateway.baseUrl}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
          body: JSON.stringify({ documentId, variables: { limit: 1 } }),
        });
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ data: { petsPage: { pets: expect.any(Array) } } });
      }
    });

    it('refuses a document that is not registered, introspection included', async () => {
      for (const query of ['{ pets { id } }', '{ __schema { types { name } } }']) {
        const response = await fetch(`${gateway.baseUrl}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
          body: JSON.stringify({ query }),
        });
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ errors: [{ extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST' } }] });
      }
    });

    it('answers an unknown id so that the persisted-query link knows it is unknown', async () => {
      const response = await fetch(`${gateway.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: '0'.repeat(64) } } }),
      });
      expect(await response.json()).toMatchObject({
        errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }],
      });
    });
  });
});
