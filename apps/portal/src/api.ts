/**
 * The portal's one way to the management API: same origin, the session cookie sent by the browser
 * (HttpOnly: no script here ever sees it). A change is always JSON, even with nothing to say, as
 * the door's cross-site check asks of a request with the cookie (apps/manage/src/session/csrf.ts);
 * the browser adds Origin itself. A refusal is thrown as the API worded it.
 */
export const API_BASE = '/manage/v1';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const changes = method !== 'GET';
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    credentials: 'same-origin',
    headers: changes ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' },
    ...(changes && { body: JSON.stringify(body ?? {}) }),
  });
  const text = await response.text();
  const parsed = text === '' ? null : parse(text);
  if (!response.ok) throw refusal(response.status, parsed);
  return parsed as T;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function refusal(status: number, body: unknown): ApiError {
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
  return new ApiError(status, typeof code === 'string' ? code : 'error', typeof message === 'string' ? message : `the service answered ${status}`);
}

/** A query string of the filters that are set, for the listing operations. */
export function query(filters: Record<string, string | undefined>): string {
  const set = Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '');
  return set.length === 0 ? '' : `?${new URLSearchParams(set).toString()}`;
}
