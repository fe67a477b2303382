import { CATALOGUE, STABILITY_NOTES, type Operation } from '@petstore/domain';
import { describe, expect, it } from 'vitest';
import { disagreementsWithCatalogue, stabilityInText, type PublishedDocument, type PublishedOperation } from './published-operations.js';

/** A synthetic catalogue entry: what the management API's first beta operation will look like. */
const PREVIEW: Operation = { ...CATALOGUE.listPets, stability: 'beta' };
const TABLE: Record<string, Operation> = { preview: PREVIEW, get: CATALOGUE.getPet };

/** What a door's document says of the two, as each door's test reads it from the document. */
const published = (overrides: Partial<Record<'preview' | 'get', Partial<PublishedOperation>>> = {}): PublishedDocument => ({
  document: 'synthetic.json',
  names: Object.keys(TABLE),
  operationOf: (name) => TABLE[name],
  published: [
    {
      name: 'preview',
      scopes: ['pets:read'],
      deprecated: false,
      removal: '',
      stability: { 'x-stability': 'beta', description: 'beta' },
      ...overrides.preview,
    },
    {
      name: 'get',
      scopes: ['pets:read'],
      deprecated: true,
      removal: 'Removed on 2030-12-05.',
      stability: { description: 'stable' },
      ...overrides.get,
    },
  ],
});

describe('disagreementsWithCatalogue', () => {
  it('finds none in a document that says what the catalogue says, a beta operation and a deprecated one included', () => {
    expect(disagreementsWithCatalogue(published())).toEqual([]);
  });

  it('names the document and the operation when a beta operation is published as stable in any one place', () => {
    expect(disagreementsWithCatalogue(published({ preview: { stability: { 'x-stability': 'beta', description: 'stable' } } }))).toEqual([
      'synthetic.json: preview (listPets) says in its description that it is stable, the catalogue beta',
    ]);
    expect(disagreementsWithCatalogue(published({ preview: { stability: { 'x-stability': undefined, description: 'beta' } } }))).toEqual([
      'synthetic.json: preview (listPets) says in its x-stability that it is of no stability, the catalogue beta',
    ]);
  });

  it('finds a stable operation published as beta or experimental', () => {
    expect(disagreementsWithCatalogue(published({ get: { stability: { description: 'experimental' } } }))).toEqual([
      'synthetic.json: get (getPet) says in its description that it is experimental, the catalogue stable',
    ]);
  });

  it('finds a wrong scope, a deprecation missing or invented, and a deprecation without its sunset day', () => {
    expect(
      disagreementsWithCatalogue(
        published({ preview: { scopes: ['pets:write'], deprecated: true }, get: { deprecated: false, removal: 'Removed some day.' } }),
      ),
    ).toEqual([
      'synthetic.json: preview (listPets) says it needs [pets:write], the catalogue pets:read',
      'synthetic.json: preview (listPets) says it is deprecated, the catalogue does not',
      'synthetic.json: get (getPet) does not say it is deprecated, as the catalogue does',
      'synthetic.json: get (getPet) does not say it is removed on 2030-12-05',
    ]);
  });

  it('finds an operation of the table the document leaves out, and one it describes that the table does not map', () => {
    const document = published();
    expect(
      disagreementsWithCatalogue({ ...document, published: [...document.published.slice(1), { ...document.published[0]!, name: 'extra' }] }),
    ).toEqual(['synthetic.json does not describe preview', "synthetic.json describes extra, which the door's table does not map onto the catalogue"]);
  });
});

describe('disagreementsWithCatalogue, for a management operation', () => {
  const document = (claim: Partial<PublishedOperation>): PublishedDocument => ({
    document: 'manage.json',
    names: ['getSession'],
    operationOf: (name) => (name === 'getSession' ? CATALOGUE.getSession : undefined),
    published: [{ name: 'getSession', scopes: [], deprecated: false, removal: '', stability: { 'x-stability': 'beta' }, ...claim }],
  });

  it('finds none when the document says a session may call it, with no scope, as the catalogue does', () => {
    expect(disagreementsWithCatalogue(document({ callers: 'session' }))).toEqual([]);
  });

  it('finds an operation the document says anyone may call that the catalogue keeps for sessions, and a scope it does not need', () => {
    expect(disagreementsWithCatalogue(document({ callers: 'anyone', scopes: ['pets:read'] }))).toEqual([
      'manage.json: getSession (getSession) says it may be called by anyone, the catalogue by session',
      'manage.json: getSession (getSession) says it needs [pets:read], the catalogue no scope',
    ]);
  });
});

describe('stabilityInText', () => {
  it('reads the note of each stability other than stable, and nothing as stable', () => {
    expect(stabilityInText(`Lists keys. ${STABILITY_NOTES.beta} Needs the \`keys:read\` scope.`)).toBe('beta');
    expect(stabilityInText(`${STABILITY_NOTES.experimental}`)).toBe('experimental');
    expect(stabilityInText('Lists pets. Needs the `pets:read` scope.')).toBe('stable');
  });
});
