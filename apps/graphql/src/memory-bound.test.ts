import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSIS_CACHE_BYTES } from './analysis/document-analyses.js';
import { DEFAULT_COMPILED_QUERY_BYTES } from './execution/compiled-queries.js';
import { DEFAULT_DOCUMENT_STORE_BYTES } from './execution/document-store.js';
import { postGraphql } from './testing/graphql-call.js';
import { startGraphql, type TestGraphql } from './testing/start-graphql.js';

let door: TestGraphql | undefined;
afterEach(async () => {
  await door?.close();
  door = undefined;
});

/** What docs/graphql.md states the door's document caches hold at most: the three bounds, by what their entries take on the heap. */
const STATED_BOUND_BYTES = DEFAULT_DOCUMENT_STORE_BYTES + DEFAULT_COMPILED_QUERY_BYTES + DEFAULT_ANALYSIS_CACHE_BYTES;

const skipped = (field: string) => `${field} @skip(if: false)`;

/**
 * A valid document of 700 to 1,000 tokens (the parser allows 1,000), different for every `index`:
 * one field repeated, or 14 aliased lists (more for graphql-jit to compile).
 */
const hostileDocument = (index: number) =>
  index % 2 === 0
    ? `query Q${index} { pets(limit: 1) { ${Array.from({ length: 120 }, () => skipped('id')).join(' ')} } }`
    : `query Q${index} { ${Array.from({ length: 14 }, (_, alias) => `a${alias}: pets(limit: ${alias + 1}) { ${['id', 'name', 'categoryId', 'status'].map(skipped).join(' ')} }`).join(' ')} }`;

function liveHeap(): number {
  const { gc } = globalThis as { gc?: () => void };
  if (!gc) throw new Error('run with --expose-gc (vitest.config.ts passes it to this file)');
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** Issue 23, finding 7: distinct large documents once took the live heap from 18 MB to 160 MB. */
describe('the GraphQL door under a stream of distinct large documents', () => {
  it('keeps its live heap within the bound docs/graphql.md states', { timeout: 180_000 }, async () => {
    door = await startGraphql();
    const started = door;
    const send = async (index: number) => {
      const answer = await postGraphql(started.url, { query: hostileDocument(index), key: started.apiKey });
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    };
    for (let index = 0; index < 20; index += 1) await send(index);
    const before = liveHeap();
    const count = 1000;
    const concurrency = 8;
    let next = 20;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count + 20) await send((next += 1));
      }),
    );
    const grown = liveHeap() - before;
    // Apollo's default document store (its 30 MiB counted by their JSON) keeps about 500 of
    // these, some 150 MB (measured by leaving out its documentStore option).
    expect(grown, `live heap grew ${(grown / 2 ** 20).toFixed(1)} MiB after ${count} distinct documents`).toBeLessThan(STATED_BOUND_BYTES);
  });
});
