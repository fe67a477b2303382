/** Speaks to a running service as any HTTP client would: one request, the answer read whole. */
export interface JsonResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  /** The body as sent, for digits that JSON.parse would round. */
  text: string;
}

export async function call<T = unknown>(
  baseUrl: string,
  path: string,
  init: { method?: string; key?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key) headers['Authorization'] = `Bearer ${init.key}`;
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const response = await fetch(`${baseUrl}${path}`, { method: init.method ?? 'GET', headers, ...(body !== undefined && { body }) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text === '' ? undefined : JSON.parse(text)) as T, text };
}
