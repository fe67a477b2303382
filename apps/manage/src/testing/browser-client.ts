/** One answer of the management API, read whole. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The body as JSON, undefined when empty. */
  body: Record<string, unknown> | undefined;
}

/**
 * Speaks to the management API as a page of the service would in a browser (or curl with a
 * cookie jar): it keeps the session cookie the service sets, sends it back, and by default says
 * it comes from the service's own origin with a JSON body.
 */
export class BrowserClient {
  /** The cookie jar: name → value, as the last Set-Cookie left it. */
  readonly jar = new Map<string, string>();
  /** Every Set-Cookie received, in order. */
  readonly setCookies: string[] = [];

  constructor(
    private readonly baseUrl: string,
    /** The Origin a page of the service sends: PUBLIC_BASE_URL's origin, or the server's own. */
    readonly origin: string = baseUrl,
  ) {}

  async send(
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string; headers?: Record<string, string | undefined> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    // What a page of the service sends with fetch(): its origin, and JSON, even with no body.
    if (method !== 'GET') {
      headers['Origin'] = this.origin;
      headers['Content-Type'] = 'application/json';
    }
    if (this.jar.size > 0) headers['Cookie'] = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value === undefined) delete headers[name];
      else headers[name] = value;
    }
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await fetch(`${this.baseUrl}/manage/v1${path}`, { method, headers, ...(body !== undefined && { body }) });
    for (const cookie of response.headers.getSetCookie()) {
      this.setCookies.push(cookie);
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /;\s*Max-Age=0(;|$)/i.test(cookie)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      body: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>),
    };
  }

  /** The value of the one cookie in the jar; throws when there is none. */
  token(): string {
    const [value] = [...this.jar.values()];
    if (value === undefined) throw new Error('no session cookie in the jar');
    return value;
  }
}
