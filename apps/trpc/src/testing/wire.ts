/** Calls the tRPC door as a client without @trpc/client would: plain fetch, plain JSON. */
export interface WireResponse {
  status: number;
  text: string;
  body: unknown;
}

export interface WireCall {
  /** A procedure path, or several joined by commas for a batch. */
  path: string;
  input?: unknown;
  /** Bearer key to send; `authorization` replaces the whole header instead. */
  key?: string;
  authorization?: string;
  batch?: boolean;
  /** Sent as is instead of `input`, for bodies that are not what a client would send. */
  rawBody?: string;
}

export async function wireQuery(baseUrl: string, call: WireCall): Promise<WireResponse> {
  const params = new URLSearchParams();
  if (call.batch) params.set('batch', '1');
  if (call.input !== undefined) params.set('input', JSON.stringify(call.input));
  const query = params.size > 0 ? `?${params.toString()}` : '';
  return send(`${baseUrl}/trpc/${call.path}${query}`, { method: 'GET', headers: authHeaders(call) });
}

export async function wireMutation(baseUrl: string, call: WireCall): Promise<WireResponse> {
  const query = call.batch ? '?batch=1' : '';
  const body = call.rawBody ?? (call.input === undefined ? undefined : JSON.stringify(call.input));
  return send(`${baseUrl}/trpc/${call.path}${query}`, {
    method: 'POST',
    headers: { ...authHeaders(call), 'Content-Type': 'application/json' },
    ...(body !== undefined && { body }),
  });
}

function authHeaders(call: WireCall): Record<string, string> {
  const authorization = call.authorization ?? (call.key === undefined ? undefined : `Bearer ${call.key}`);
  return authorization === undefined ? {} : { Authorization: authorization };
}

async function send(url: string, init: RequestInit): Promise<WireResponse> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, text, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

export interface WireError {
  message: string;
  code: number;
  data: Record<string, unknown>;
}

/** The `error` member of a single (non-batch) response; fails the test if there is none. */
export function wireError(response: WireResponse): WireError {
  const body = response.body as { error?: WireError } | undefined;
  if (!body?.error) throw new Error(`expected an error response, got ${response.status} ${response.text}`);
  return body.error;
}

/** The `result.data` of a single (non-batch) response; fails the test if it is an error. */
export function wireData(response: WireResponse): unknown {
  const body = response.body as { result?: { data: unknown } } | undefined;
  if (!body?.result) throw new Error(`expected a result, got ${response.status} ${response.text}`);
  return body.result.data;
}
