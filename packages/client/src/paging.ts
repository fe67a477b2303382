import type { PetStatus, PetstoreRestClient } from './client.js';
import type { Pet } from './exact-types.js';

/**
 * The `after` cursor of the next page, from a list response's `Link: <…>; rel="next"` header;
 * undefined on the last page. Cursors are opaque: pass them back as they are.
 */
export function nextCursor(response: Response): string | undefined {
  const link = response.headers.get('link');
  if (!link) return undefined;
  for (const part of link.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (!match || !/;\s*rel="?(?:[^";]*\s)?next(?:\s[^";]*)?"?\s*(?:;|$)/i.test(match[2] ?? '')) continue;
    return new URL(match[1] ?? '', 'http://link.invalid').searchParams.get('after') ?? undefined;
  }
  return undefined;
}

export interface PageQuery {
  limit?: number;
  status?: PetStatus;
}

/** Walks a list page by page, following the `Link` header, until the last page; errors are thrown. */
export async function* pagesOfPets(client: PetstoreRestClient, query: PageQuery = {}): AsyncGenerator<Pet[], void, undefined> {
  let after: string | undefined;
  do {
    const { data, error, response } = await client.GET('/pets', { params: { query: { ...query, ...(after && { after }) } } });
    if (error) throw new PetstoreApiError(error);
    yield data;
    after = nextCursor(response);
  } while (after);
}

/** An Error body turned into something throwable, keeping its code and status. */
export class PetstoreApiError extends Error {
  override readonly name = 'PetstoreApiError';
  readonly code: string;
  readonly status: number;

  constructor(body: { code: string; message: string; status: number }) {
    super(body.message);
    this.code = body.code;
    this.status = body.status;
  }
}
