import { describe, expect, it } from 'vitest';
import { firstValue, parseQuery, singleValues } from './query.js';

describe('parseQuery', () => {
  it('reads each name once, decoding as a form does (percent-escapes as UTF-8, + as a space)', () => {
    expect(parseQuery('limit=5&status=sold&q=a+b%20c%C3%A9&empty=&bare')).toEqual({ limit: '5', status: 'sold', q: 'a b cé', empty: '', bare: '' });
  });

  it('keeps every value of a repeated name, in the order sent, and nothing else changes', () => {
    expect(parseQuery('limit=5&status=sold&limit=6&limit=7')).toEqual({ limit: ['5', '6', '7'], status: 'sold' });
  });

  it('keeps a bracketed or prototype name as the parameter it is, never as structure', () => {
    const query = parseQuery('status%5B%24ne%5D=sold&__proto__=x&constructor=y');
    expect(Object.keys(query)).toEqual(['status[$ne]', '__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(query, '__proto__')?.value).toBe('x');
    expect(query['constructor']).toBe('y');
    for (const inherited of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(parseQuery('a=1')[inherited], inherited).toBeUndefined();
      expect(parseQuery('')[inherited], inherited).toBeUndefined();
    }
  });

  it('is frozen, values included, and one shared empty reading for no query at all', () => {
    const query = parseQuery('a=1&a=2');
    expect(Object.isFrozen(query)).toBe(true);
    expect(Object.isFrozen(query['a'])).toBe(true);
    expect(parseQuery('')).toBe(parseQuery(''));
    expect(parseQuery('')).toEqual({});
  });
});

describe('firstValue', () => {
  it('answers the first value of a name, as URLSearchParams.get does, and undefined for a name not given', () => {
    const query = parseQuery('input=%7B%7D&batch=1&batch=0');
    expect(firstValue(query, 'batch')).toBe('1');
    expect(firstValue(query, 'input')).toBe('{}');
    expect(firstValue(query, 'query')).toBeUndefined();
  });
});

describe('singleValues', () => {
  it('passes a query whose names are each given once', () => {
    expect(singleValues(parseQuery('a=1&b=2'))).toEqual({ a: '1', b: '2' });
  });

  it('refuses a name given twice with 400, naming it', () => {
    expect(() => singleValues(parseQuery('a=1&limit=5&limit=6'))).toThrow(
      expect.objectContaining({ code: 'invalid_request', message: 'limit: give it at most once' }),
    );
  });
});
