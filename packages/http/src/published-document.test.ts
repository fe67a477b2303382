import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits } from './published-document.js';

describe('ifNoneMatchHits', () => {
  const etag = '"abc"';

  it('matches the same tag, its weak form, a list holding it, and *', () => {
    for (const header of ['"abc"', 'W/"abc"', '"x", "abc"', ' "x" ,W/"abc" ', '*']) expect(ifNoneMatchHits(header, etag), header).toBe(true);
  });

  it('does not match another tag, an empty header or a tag without quotes', () => {
    for (const header of ['"abd"', '', 'abc', '"abc', '"x", "y"']) expect(ifNoneMatchHits(header, etag), header).toBe(false);
  });
});
