import { ERROR_CODES, type ErrorCode } from '@petstore/domain';
import type { HttpErrorCode } from '@petstore/http';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { domainCodeOf, type PetstoreErrorData } from './error-shape.js';

describe('PetstoreErrorData', () => {
  it('types domainCode as the union of the domain codes and the HTTP layer codes, not any string', () => {
    expectTypeOf<PetstoreErrorData['domainCode']>().toEqualTypeOf<ErrorCode | HttpErrorCode>();
    expectTypeOf<'unsupported_media_type'>().toExtend<PetstoreErrorData['domainCode']>();
    expectTypeOf<string>().not.toExtend<PetstoreErrorData['domainCode']>();
  });
});

describe('domainCodeOf', () => {
  it('keeps each domain code, whatever the status', () => {
    for (const code of ERROR_CODES) expect(domainCodeOf({ code, status: 400 })).toBe(code);
  });

  it("keeps the HTTP layer's code of a status and replaces anything else by it", () => {
    expect(domainCodeOf({ code: 'unsupported_media_type', status: 415 })).toBe('unsupported_media_type');
    expect(domainCodeOf({ code: 'request_timeout', status: 408 })).toBe('request_timeout');
    expect(domainCodeOf({ code: 'persisted_query_not_found', status: 400 })).toBe('invalid_request');
    expect(domainCodeOf({ code: 'teapot', status: 502 })).toBe('internal_error');
  });
});
