/** Calls the tRPC door as a client without @trpc/client would: plain fetch, plain JSON. */
export interface WireResponse {
  status: number;
  headers: Headers;
  /** The answer to the call: for a lone call sent as a batch of one, the one item of the batch's array. */
  text: string;
  body: unknown;
}

/**
 * The two ways a client sends a lone call: on its own (httpLink, `batch: false`), or as a batch of
 * one (httpBatchLink, the typed client's default). Wire tests run over both, so both get the same answers.
 */
export const CALL_SHAPES = ['lone', 'batch'] as const;
export type CallShape = (typeof CALL_SHAPES)[number];

export interface WireCall {
  /** A procedure path, or several joined by commas for a batch. */
  path: string;
  input?: unknown;
  /** Bearer key to send; `authorization` replaces the whole header instead. */
  key?: string;
  authorization?: string;
  batch?: boolean;
  /** 'batch' sends a lone call as a batch of one and reads its one answer; 'lone' by default. */
  via?: CallShape;
  /** Sent as is instead of `input`, for bodies that are not what a client would send. */
  rawBody?: string;
}

export async function wireQuery(baseUrl: string, call: WireCall): Promise<WireResponse> {
  const batchOfOne = call.via === 'batch';
  const params = new URLSearchParams();
  if (call.batch || batchOfOne) params.set('batch', '1');
  const input = batchOfOne && call.input !== undefined ? { 0: call.input } : call.input;
  if (input !== undefined) params.set('input', JSON.stringify(input));
  const query = params.size > 0 ? `?${params.toString()}` : '';
  return send(`${baseUrl}/trpc/${call.path}${query}`, { method: 'GET', headers: authHeaders(call) }, batchOfOne);
}

export async function wireMutation(baseUrl: string, call: WireCall): Promise<WireResponse> {
  const batchOfOne = call.via === 'batch';
  const query = call.batch || batchOfOne ? '?batch=1' : '';
  const text = call.input === undefined ? undefined : JSON.stringify(call.input);
  // A batch's body names each call's input by its index, as a JSON object.
  const body = call.rawBody ?? (batchOfOne && text !== undefined ? `{"0":${text}}` : text);
  return send(
    `${baseUrl}/trpc/${call.path}${query}`,
    { method: 'POST', headers: { ...authHeaders(call), 'Content-Type': 'application/json' }, ...(body !== undefined && { body }) },
    batchOfOne,
  );
}

function authHeaders(call: WireCall): Record<string, string> {
  const authorization = call.authorization ?? (call.key === undefined ? undefined : `Bearer ${call.key}`);
  return authorization === undefined ? {} : { Authorization: authorization };
}

async function send(url: string, init: RequestInit, batchOfOne: boolean): Promise<WireResponse> {
  const response = await fetch(url, init);
  const whole = await response.text();
  // tRPC writes a batch as JSON.stringify of its array, so the one item's text is all but the brackets.
  if (batchOfOne && !(whole.startsWith('[') && whole.endsWith(']'))) throw new Error(`expected a batch of one, got ${whole}`);
  const text = batchOfOne ? whole.slice(1, -1) : whole;
  return { status: response.status, headers: response.headers, text, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
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
