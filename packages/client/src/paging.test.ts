import { describe, expect, it } from 'vitest';
import { nextCursor } from './paging.js';

const withLink = (link: string | null) => new Response(null, link === null ? {} : { headers: { Link: link } });

describe('nextCursor', () => {
  it('reads the after cursor of the rel="next" link', () => {
    expect(nextCursor(withLink('</v1/pets?limit=5&status=sold&after=cGV0czp2MTo1>; rel="next"'))).toBe('cGV0czp2MTo1');
    expect(nextCursor(withLink('<https://api.petstore.example/v1/pets?after=abc>; rel=next'))).toBe('abc');
  });

  it('finds the next link among others', () => {
    expect(nextCursor(withLink('</v1/pets>; rel="successor-version", </v1/pets?after=xyz>; rel="next"'))).toBe('xyz');
    expect(nextCursor(withLink('</v1/pets?after=xyz>; rel="prev next"'))).toBe('xyz');
  });

  it('gives nothing on the last page or for other relations', () => {
    expect(nextCursor(withLink(null))).toBeUndefined();
    expect(nextCursor(withLink('</v1/pets>; rel="successor-version"'))).toBeUndefined();
    expect(nextCursor(withLink('</v1/pets?after=xyz>; rel="nextish"'))).toBeUndefined();
  });
});
