/** What a test needs from a GraphQL-over-HTTP answer. */
export interface GraphqlAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: {
    data?: T | null;
    errors?: Array<{ message: string; path?: string[]; extensions?: Record<string, unknown> }>;
  };
}

export interface GraphqlCall {
  query: string;
  variables?: Record<string, unknown>;
  /** An API key, or null to send no Authorization header. */
  key: string | null;
  headers?: Record<string, string>;
}

/** POSTs one operation as application/json, the way GraphQL clients do. */
export async function postGraphql<T = Record<string, unknown>>(url: string, call: GraphqlCall): Promise<GraphqlAnswer<T>> {
  return sendRaw<T>(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...authorization(call.key), ...call.headers },
    body: JSON.stringify({ query: call.query, ...(call.variables && { variables: call.variables }) }),
  });
}

export function authorization(key: string | null): Record<string, string> {
  return key === null ? {} : { Authorization: `Bearer ${key}` };
}

export async function sendRaw<T = Record<string, unknown>>(url: string, init: RequestInit): Promise<GraphqlAnswer<T>> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as GraphqlAnswer<T>['body'] };
}
