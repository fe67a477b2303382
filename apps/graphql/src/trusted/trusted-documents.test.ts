import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTrustedDocuments, TrustedDocuments } from './trusted-documents.js';
import { trustedOperation, trustedRequest } from './trusted-request.js';

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
    for (const read of [apollo, documents]) {
      expect(read.byId(HASH)).toBe(QUERY);
      expect(read.admits(QUERY, undefined)).toBe(true);
      expect(read.admits('{ pets { id } }', undefined)).toBe(false);
    }
  });

  it("takes graphql-codegen's `sha256:<hex>` keys and Apollo's `<hex>` ids for the same document", () => {
    const prefixed = loadTrustedDocuments(manifest('prefixed.json', { [`sha256:${HASH}`]: QUERY }));
    for (const id of [HASH, `sha256:${HASH}`, HASH.toUpperCase()]) {
      expect(prefixed.byId(id)).toBe(QUERY);
      expect(documents.byId(id)).toBe(QUERY);
    }
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

describe('trustedOperation, with a document in another layout', () => {
  // What Apollo Client sends for the registered document: its own print, with __typename added.
  const CLIENT_TEXT = 'query Names {\n  pets {\n    name\n    __typename\n  }\n}';
  const CLIENT_HASH = createHash('sha256').update(CLIENT_TEXT).digest('hex');

  it('admits it as the registered document, and then takes the id the client hashed from it', () => {
    const fresh = new TrustedDocuments([[`sha256:${HASH}`, QUERY]]);
    const byId = { extensions: { persistedQuery: { version: 1, sha256Hash: CLIENT_HASH } } };
    // The link's first try: its own hash, unknown here.
    expect(() => trustedOperation(fresh, byId)).toThrow(expect.objectContaining({ code: 'persisted_query_not_found' }));
    // Its second: the text with the hash, admitted and remembered.
    expect(trustedOperation(fresh, { query: CLIENT_TEXT, ...byId })).toEqual({ query: CLIENT_TEXT, extensions: {} });
    expect(trustedOperation(fresh, byId)).toEqual({ query: CLIENT_TEXT, extensions: {} });
  });

  it('remembers no id that is not the hash of the text it came with', () => {
    const fresh = new TrustedDocuments([[HASH, QUERY]]);
    const forged = { extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } } };
    expect(trustedOperation(fresh, { query: CLIENT_TEXT, ...forged })).toEqual({ query: CLIENT_TEXT, extensions: {} });
    expect(() => trustedOperation(fresh, forged)).toThrow(expect.objectContaining({ code: 'persisted_query_not_found' }));
  });

  it('refuses a document that asks for more or other fields', () => {
    for (const query of ['query Names { pets { name id } }', 'query Names { pets { name } petsPage { nextCursor } }', '{ pets { name } }']) {
      expect(() => trustedOperation(documents, { query })).toThrow(expect.objectContaining({ code: 'persisted_query_not_in_list' }));
    }
  });
});

describe('trustedOperation, with a GraphQL-over-HTTP documentId', () => {
  it('runs the document it names, prefixed or not', () => {
    for (const documentId of [`sha256:${HASH}`, HASH]) {
      expect(trustedOperation(documents, { documentId, variables: { a: 1 } })).toEqual({ query: QUERY, extensions: {}, variables: { a: 1 } });
    }
    expect(() => trustedOperation(documents, { documentId: `sha256:${'0'.repeat(64)}` })).toThrow(
      expect.objectContaining({ code: 'persisted_query_not_found' }),
    );
  });
});

describe('trustedRequest', () => {
  it('reads a documentId from a GET query string', () => {
    const { parameters } = trustedRequest(documents, undefined, { documentId: `sha256:${HASH}` });
    expect(parameters['query']).toBe(QUERY);
    expect(Object.hasOwn(parameters, 'documentId')).toBe(false);
  });

  it('checks every operation of a batch', () => {
    expect(() => trustedRequest(documents, [{ query: QUERY }, { query: '{ pets { id } }' }], {})).toThrow(/not one/);
  });

  it('reads and rewrites a GET query string', () => {
    const { parameters } = trustedRequest(documents, undefined, { extensions: JSON.stringify(persisted) });
    expect(parameters['query']).toBe(QUERY);
    expect(JSON.parse(String(parameters['extensions']))).toEqual({});
  });
});
