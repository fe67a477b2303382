import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTrustedDocuments, trustedOperation, trustedRequest } from './trusted-documents.js';

const QUERY = 'query Names { pets { name } }';
const HASH = createHash('sha256').update(QUERY).digest('hex');
const dir = mkdtempSync(join(tmpdir(), 'petstore-trusted-'));
const manifest = (name: string, content: unknown) => {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};
const documents = loadTrustedDocuments(manifest('map.json', { [HASH]: QUERY }));
const persisted = { persistedQuery: { version: 1, sha256Hash: HASH } };

describe('loadTrustedDocuments', () => {
  it("reads Apollo's persisted query manifest and graphql-codegen's hash map alike", () => {
    const apollo = loadTrustedDocuments(
      manifest('apollo.json', {
        format: 'apollo-persisted-query-manifest',
        version: 1,
        operations: [{ id: HASH, name: 'Names', type: 'query', body: QUERY }],
      }),
    );
    expect(apollo.byId).toEqual(documents.byId);
    expect(apollo.hashes).toEqual(documents.hashes);
  });

  it('refuses a missing, malformed or empty manifest, naming the variable', () => {
    for (const file of [join(dir, 'absent.json'), manifest('bad.json', '{'), manifest('empty.json', {}), manifest('numbers.json', { a: 1 })]) {
      expect(() => loadTrustedDocuments(file)).toThrow(/^PETSTORE_GRAPHQL_TRUSTED_DOCUMENTS must/);
    }
  });
});

describe('trustedOperation', () => {
  it('puts the registered document in place of its id, and drops the persistedQuery extension', () => {
    expect(trustedOperation(documents, { extensions: persisted, variables: { a: 1 } })).toEqual({
      query: QUERY,
      extensions: {},
      variables: { a: 1 },
    });
  });

  it('runs a registered document sent as text, with or without its id', () => {
    expect(trustedOperation(documents, { query: QUERY })).toEqual({ query: QUERY, extensions: {} });
    expect(trustedOperation(documents, { query: QUERY, extensions: persisted })).toEqual({ query: QUERY, extensions: {} });
  });

  it('refuses any other document, even one sent with a registered id', () => {
    for (const operation of [{ query: '{ pets { id } }' }, { query: '{ pets { id } }', extensions: persisted }]) {
      expect(() => trustedOperation(documents, operation)).toThrow(expect.objectContaining({ status: 400, code: 'persisted_query_not_in_list' }));
    }
  });

  it('answers an unknown id as Apollo does, so a persisted-query link understands it', () => {
    const unknown = { extensions: { persistedQuery: { version: 1, sha256Hash: 'f'.repeat(64) } } };
    expect(() => trustedOperation(documents, unknown)).toThrow(
      expect.objectContaining({ code: 'persisted_query_not_found', message: 'PersistedQueryNotFound' }),
    );
  });
});

describe('trustedRequest', () => {
  it('checks every operation of a batch', () => {
    expect(() => trustedRequest(documents, [{ query: QUERY }, { query: '{ pets { id } }' }], '')).toThrow(/not one/);
  });

  it('reads and rewrites a GET query string', () => {
    const { search } = trustedRequest(documents, undefined, new URLSearchParams({ extensions: JSON.stringify(persisted) }).toString());
    const params = new URLSearchParams(search);
    expect(params.get('query')).toBe(QUERY);
    expect(JSON.parse(params.get('extensions') ?? '')).toEqual({});
  });
});
