import { describe, expect, it } from 'vitest';
import { readExactJson, writeExactJson } from './exact-json.js';

describe('writeExactJson', () => {
  it('writes a bigint as its exact digits and everything else as JSON.stringify does', () => {
    const body = { name: 'Rex', categoryId: 9223372036854775807n, status: 'sold', tags: [1, 2.5, null] };
    expect(writeExactJson(body)).toBe('{"name":"Rex","categoryId":9223372036854775807,"status":"sold","tags":[1,2.5,null]}');
    expect(writeExactJson({ name: 'Rex', categoryId: 1 })).toBe(JSON.stringify({ name: 'Rex', categoryId: 1 }));
  });

  it('refuses a number that may already have been rounded, naming its field', () => {
    // 2 ** 53 + 1 is what the literal 9007199254740993 is as a number: 9007199254740992.
    expect(() => writeExactJson({ name: 'Rex', categoryId: 2 ** 53 + 1 })).toThrow(/^categoryId: 9007199254740992 is a number past 2\^53 - 1/);
  });
});

describe('readExactJson', () => {
  it('reads every categoryId as a bigint, exactly, and other numbers as numbers', () => {
    const text =
      '[{"id":1,"name":"Rex","categoryId":9223372036854775807},{"id":9007199254740991,"name":"Tom","categoryId":-9007199254740993},{"id":2,"name":"Kit","categoryId":7}]';
    expect(readExactJson(text)).toEqual([
      { id: 1, name: 'Rex', categoryId: 9223372036854775807n },
      { id: 9007199254740991, name: 'Tom', categoryId: -9007199254740993n },
      { id: 2, name: 'Kit', categoryId: 7n },
    ]);
  });

  it('reads an Error body as JSON.parse does', () => {
    const text = '{"code":"invalid_request","message":"limit: must be an integer from 1 to 100","status":400}';
    expect(readExactJson(text)).toEqual(JSON.parse(text));
  });
});
