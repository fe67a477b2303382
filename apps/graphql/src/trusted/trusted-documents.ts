import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ConfigError } from '@petstore/runtime';
import { LRUCache } from 'lru-cache';
import { canonicalDocument } from './canonical-document.js';

const VARIABLE = 'PETSTORE_GRAPHQL_TRUSTED_DOCUMENTS';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A document id as clients send it or manifests key it: graphql-codegen's client preset and the
 * GraphQL-over-HTTP `documentId` write `sha256:<hex>`, Apollo's persisted-query link and Apollo's
 * manifest `<hex>`; both name the same document.
 */
export function documentHash(id: string): string {
  return id.startsWith('sha256:') ? id.slice('sha256:'.length).toLowerCase() : id.toLowerCase();
}

/** Texts clients were seen to send for registered documents, by their sha256: 1 MiB of text at most. */
const LEARNED_BYTES = 1024 * 1024;

/**
 * The operations this deployment runs when trusted documents are on. A client may send a
 * registered document by its id, or its text: the text registered, or the same document in
 * another layout (Apollo Client adds `__typename` everywhere and prints in its own order, so the
 * text its persisted-query link hashes is not the text a codegen manifest holds). Such a text is
 * admitted by its canonical form (canonical-document.ts), and the id it was sent with (its own
 * sha256, checked) is remembered, in a bounded cache per process, so the next request can send the
 * id alone as the link does.
 */
export class TrustedDocuments {
  private readonly byHash: ReadonlyMap<string, string>;
  private readonly hashes: ReadonlySet<string>;
  private readonly canonical: ReadonlySet<string>;
  private readonly learned = new LRUCache<string, string>({ maxSize: LEARNED_BYTES, sizeCalculation: (text) => Math.max(1, text.length) });

  constructor(entries: ReadonlyArray<readonly [id: string, document: string]>) {
    this.byHash = new Map(entries.map(([id, document]) => [documentHash(id), document]));
    this.hashes = new Set(entries.map(([, document]) => sha256(document)));
    this.canonical = new Set(entries.map(([, document]) => canonicalDocument(document)).filter((text) => text !== undefined));
  }

  /** The document registered (or learned) under an id in either form. */
  byId(id: string): string | undefined {
    const hash = documentHash(id);
    return this.byHash.get(hash) ?? this.learned.get(hash);
  }

  /** Whether a text sent by a client is a registered document; remembers it under the id it came with when that id is its sha256. */
  admits(text: string, id: string | undefined): boolean {
    const hash = sha256(text);
    if (this.hashes.has(hash) || this.learned.has(hash)) return true;
    const canonical = canonicalDocument(text);
    if (canonical === undefined || !this.canonical.has(canonical)) return false;
    if (id !== undefined && documentHash(id) === hash) this.learned.set(hash, text);
    return true;
  }
}

/**
 * Reads a manifest in either common form: Apollo's persisted query manifest
 * (`{"format":"apollo-persisted-query-manifest","operations":[{"id","body"}]}`) or a map from
 * id to document, as graphql-codegen's client preset writes it (persisted-documents.json).
 */
export function loadTrustedDocuments(file: string): TrustedDocuments {
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new ConfigError(`${VARIABLE} must name a readable JSON manifest of operations`);
  }
  const entries = isApolloManifest(manifest)
    ? manifest.operations.map((operation): [unknown, unknown] => [operation.id, operation.body])
    : Object.entries(typeof manifest === 'object' && manifest !== null ? manifest : {});
  if (entries.length === 0 || !entries.every(([id, body]) => typeof id === 'string' && typeof body === 'string')) {
    throw new ConfigError(`${VARIABLE} must name a manifest of one or more operations, id to document`);
  }
  return new TrustedDocuments(entries as Array<[string, string]>);
}

function isApolloManifest(manifest: unknown): manifest is { operations: Array<{ id?: unknown; body?: unknown }> } {
  const candidate = manifest as { format?: unknown; operations?: unknown } | null;
  return candidate?.format === 'apollo-persisted-query-manifest' && Array.isArray(candidate.operations);
}
