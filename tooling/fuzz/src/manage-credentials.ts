import { randomBytes } from 'node:crypto';

/** What the /manage/v1 runs sign in with, as the config's environment variables name it. */
export interface ManageCredentials {
  /** The signed-in person's session cookie value. */
  session: string;
  /** A `keys:manage` key of the person's account. */
  key: string;
  /** Every operation a key may call, from the served document's security. */
  keyOperations: string[];
}

const SESSION_COOKIE = /^((?:__Host-)?petstore_session)=([^;]+)/;

/**
 * Signs a fresh person up and in over HTTP, as the portal does, verifies their address with the
 * link the gateway mailed (written to its output outside production: `mail`), and makes a
 * `keys:manage` key with the session: the fuzzer then tests with credentials made the way anyone
 * makes them.
 */
export async function manageCredentials(baseUrl: string, mail: () => string): Promise<ManageCredentials> {
  const api = `${baseUrl}/manage/v1`;
  const headers = { Origin: baseUrl, 'Content-Type': 'application/json' };
  const person = { email: `fuzz.${randomBytes(6).toString('hex')}@example.com`, password: `fuzz ${randomBytes(12).toString('base64url')}` };
  await expectStatus(fetch(`${api}/sign-up`, { method: 'POST', headers, body: JSON.stringify({ ...person, accountName: 'Fuzz' }) }), 202);
  const signedIn = await expectStatus(fetch(`${api}/sign-in`, { method: 'POST', headers, body: JSON.stringify(person) }), 200);
  const [, name, session] =
    signedIn.headers
      .getSetCookie()
      .map((cookie) => SESSION_COOKIE.exec(cookie))
      .find((match) => match !== null) ?? [];
  if (name === undefined || session === undefined) throw new Error('signIn set no session cookie');
  const cookie = { ...headers, Cookie: `${name}=${session}` };
  const token = new RegExp(`/portal/verify-email#token=([A-Za-z0-9_-]+)`).exec(mail().slice(mail().lastIndexOf(person.email)))?.[1];
  if (token === undefined) throw new Error(`no verification link was mailed to ${person.email}`);
  await expectStatus(fetch(`${api}/verify-email`, { method: 'POST', headers, body: JSON.stringify({ token }) }), 204);
  const created = await expectStatus(
    fetch(`${api}/keys`, { method: 'POST', headers: cookie, body: JSON.stringify({ name: 'fuzz', scopes: ['keys:manage'] }) }),
    201,
  );
  const { key } = (await created.json()) as { key: string };
  const document = (await (await fetch(`${api}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { operationId: string; security: Array<Record<string, unknown>> }>>;
  };
  const keyOperations = Object.values(document.paths)
    .flatMap((item) => Object.values(item))
    .filter((operation) => operation.security.some((requirement) => 'bearer' in requirement))
    .map((operation) => operation.operationId);
  return { session, key, keyOperations };
}

async function expectStatus(pending: Promise<Response>, status: number): Promise<Response> {
  const response = await pending;
  if (response.status !== status) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return response;
}
