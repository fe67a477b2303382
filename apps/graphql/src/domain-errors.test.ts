import { DomainError, type ErrorCode } from '@petstore/domain';
import { describe, expect, it } from 'vitest';
import { callDomain, toGraphqlError } from './domain-errors.js';

describe('toGraphqlError', () => {
  it.each<[ErrorCode, string, number | undefined]>([
    ['invalid_request', 'BAD_USER_INPUT', undefined],
    ['unauthorized', 'UNAUTHENTICATED', 401],
    ['not_found', 'NOT_FOUND', undefined],
    ['gone', 'GONE', undefined],
    ['conflict', 'CONFLICT', undefined],
    ['rate_limited', 'RATE_LIMITED', 429],
    ['payload_too_large', 'PAYLOAD_TOO_LARGE', 413],
    ['service_unavailable', 'SERVICE_UNAVAILABLE', 503],
    ['internal_error', 'INTERNAL_SERVER_ERROR', 500],
  ])('maps %s to %s with HTTP status %s', (domainCode, graphqlCode, status) => {
    const error = toGraphqlError(new DomainError(domainCode, 'what went wrong'));
    expect(error.message).toBe('what went wrong');
    expect(error.extensions['code']).toBe(graphqlCode);
    expect((error.extensions['http'] as { status?: number }).status).toBe(status);
  });

  it('carries retryAfter in the extensions and the Retry-After header', () => {
    const error = toGraphqlError(new DomainError('rate_limited', 'slow down', { retryAfterSeconds: 30 }));
    const http = error.extensions['http'] as { status: number; headers: Map<string, string> };
    expect(error.extensions['retryAfter']).toBe(30);
    expect(http.status).toBe(429);
    expect(http.headers.get('retry-after')).toBe('30');
  });

  it('asks for a bearer token when the key is missing or wrong', () => {
    const http = toGraphqlError(new DomainError('unauthorized', 'no key')).extensions['http'] as { headers: Map<string, string> };
    expect(http.headers.get('www-authenticate')).toBe('Bearer realm="petstore"');
  });
});

describe('callDomain', () => {
  it('leaves errors that are not domain errors untouched, for masking', async () => {
    const unexpected = new Error('driver detail');
    await expect(callDomain(() => Promise.reject(unexpected))).rejects.toBe(unexpected);
  });
});
