import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
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

  describe('against a gateway that runs only its registered operations', () => {
    const apiKey = `consumer_${randomBytes(24).toString('base64url')}`;
    let gateway: ServerProcess;
    beforeAll(async () => {
      gateway = await spawnServer(gatewayMain, { PETSTORE_DEV_API_KEY: apiKey, PETSTORE_GRAPHQL_TRUSTED_DOCUMENTS: manifest });
    });
    afterAll(async () => {
      await gateway?.stop();
    });

    it('runs each registered operation through Apollo Client sending only its id', async () => {
      const sent: string[] = [];
      const client = createPetstoreGraphqlClient({
        url: `${gateway.baseUrl}/graphql`,
        apiKey,
        fetch: async (input, init) => {
          sent.push(typeof init?.body === 'string' ? init.body : '');
          return fetch(input, init);
        },
      });
      const added = await client.mutate({ mutation: AddPet, variables: { input: { name: 'Rex', categoryId: '1', status: 'AVAILABLE' } } });
      const id = added.data?.addPet.id ?? '';
      const page = await client.query({ query: AvailablePets, variables: { limit: 5 } });
      const one = await client.query({ query: PetById, variables: { id } });
      expect(page.data?.petsPage.pets.map((pet) => pet.name)).toEqual(['Rex']);
      expect(one.data?.pet).toMatchObject({ id, name: 'Rex' });
      expect(sent).toHaveLength(3);
      for (const body of sent) {
        expect(JSON.parse(body)).not.toHaveProperty('query');
        expect(JSON.parse(body)).toHaveProperty('extensions.persistedQuery.sha256Hash');
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
