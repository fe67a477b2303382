import { expect } from 'vitest';

const PASSWORD = 'correct horse battery staple 42';
let people = 0;

/** A person signed up and signed in through the management API, as the portal would: their session cookie and account. */
export interface SignedInPerson {
  accountId: string;
  /** GETs a management route with the session cookie; its status and JSON body. */
  get(path: string): Promise<{ status: number; body: Record<string, unknown> }>;
}

export async function signUpAndIn(baseUrl: string): Promise<SignedInPerson> {
  const email = `usage${(people += 1)}.${Date.now()}@example.test`;
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}/manage/v1${path}`, {
      method: 'POST',
      headers: { Origin: baseUrl, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await post('/sign-up', { email, password: PASSWORD, accountName: 'Usage Kennel' })).status).toBe(202);
  const signedIn = await post('/sign-in', { email, password: PASSWORD });
  expect(signedIn.status).toBe(200);
  const cookie = (signedIn.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const { account } = (await signedIn.json()) as { account: { id: string } };
  return {
    accountId: account.id,
    get: async (path) => {
      const answer = await fetch(`${baseUrl}/manage/v1${path}`, { headers: { Cookie: cookie } });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    },
  };
}
