import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './generated/manage-api.js';

/**
 * The portal's one way to the management API: a client typed by the types generated from the
 * document the service serves (generated/manage-api.ts, kept fresh by apps/gateway's
 * manage-types.test.ts). Same origin, the session cookie sent by the browser (HttpOnly: no script
 * here ever sees it). A refusal is thrown as the API worded it.
 */
export type Schemas = components['schemas'];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A change is always JSON, `{}` when it has nothing to say, as the door's cross-site check asks of
 * a request with the cookie (apps/manage/src/session/csrf.ts); the browser adds Origin itself.
 */
const changesAsJson: Middleware = {
  onRequest({ request }) {
    if (request.method === 'GET' || request.body !== null) return undefined;
    const headers = new Headers(request.headers);
    headers.set('Content-Type', 'application/json');
    return new Request(request, { body: '{}', headers });
  },
};

export const manage = createClient<paths>({ baseUrl: '/manage/v1', headers: { Accept: 'application/json' } });
manage.use(changesAsJson);

type Answered<Data> = { data: Data; error?: never; response: Response };
type Refused = { data?: never; error: unknown; response: Response };

/** A call's answer (its success's body, as the generated types say), or its refusal thrown as an ApiError. */
export function answer<Result extends Answered<unknown> | Refused>(call: Promise<Result>): Promise<Extract<Result, { data: unknown }>['data']>;
export async function answer(call: Promise<Answered<unknown> | Refused>): Promise<unknown> {
  const result = await call;
  if ('error' in result) throw refusal(result.response.status, result.error);
  return result.data;
}

function refusal(status: number, body: unknown): ApiError {
  const said = typeof body === 'object' && body !== null ? body : {};
  const code = 'code' in said && typeof said.code === 'string' ? said.code : 'error';
  const message = 'message' in said && typeof said.message === 'string' ? said.message : `the service answered ${status}`;
  return new ApiError(status, code, message);
}

/** What a person chose, if it is one of the API's values (the generated enumerations): checked, never cast. */
export function oneOf<Value extends string>(values: readonly Value[], text: string | undefined): Value | undefined {
  return values.find((value) => value === text);
}
