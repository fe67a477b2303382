/**
 * What a portal page of the service's own origin does, run in Chromium by page.evaluate (which
 * sends the function's source to the page: it must use nothing from outside its own body). Only
 * the browser's own APIs: fetch, and navigator.credentials with the WebAuthn JSON helpers
 * (PublicKeyCredential.parseCreationOptionsFromJSON / parseRequestOptionsFromJSON and toJSON()).
 */
export type PageAction =
  | { kind: 'call'; method: string; path: string; body?: unknown }
  /** Both halves of a registration around navigator.credentials.create(): the finish's answer. */
  | { kind: 'register'; name: string }
  /** A sign-in's start and navigator.credentials.get(): the body its finish would send, not sent. */
  | { kind: 'assert' };

export interface PageAnswer {
  status: number;
  body: unknown;
}

/** The page's own globals, as far as these steps use them (the gateway's code compiles without the DOM library). */
interface JsonCredential {
  toJSON(): unknown;
}
declare const navigator: {
  credentials: {
    create(options: { publicKey: unknown }): Promise<JsonCredential | null>;
    get(options: { publicKey: unknown }): Promise<JsonCredential | null>;
  };
};
declare const PublicKeyCredential: {
  parseCreationOptionsFromJSON(options: unknown): unknown;
  parseRequestOptionsFromJSON(options: unknown): unknown;
};

export async function inPage(action: PageAction): Promise<PageAnswer> {
  // As a portal page does: every change is JSON (an empty object when it says nothing), as the door's cross-site check asks.
  const call = async (method: string, path: string, body: unknown = method === 'GET' ? undefined : {}): Promise<PageAnswer> => {
    const response = await fetch(`/manage/v1${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
  };
  if (action.kind === 'call') return call(action.method, action.path, action.body);
  const start = await call('POST', action.kind === 'register' ? '/passkeys/registration-options' : '/passkey-sign-in/options', {});
  if (start.status !== 200) return start;
  const { challengeId, options } = start.body as { challengeId: string; options: unknown };
  if (action.kind === 'register') {
    const created = await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options) });
    return call('POST', '/passkeys', { challengeId, credential: created?.toJSON(), name: action.name });
  }
  const asserted = await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) });
  return { status: 200, body: { challengeId, credential: asserted?.toJSON() } };
}
