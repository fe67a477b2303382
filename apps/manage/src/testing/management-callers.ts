import { call } from '@petstore/service-kit';
import { expect } from 'vitest';
import { BrowserClient, type Answer } from './browser-client.js';

export const PASSWORD = 'correct horse battery staple 42';
let people = 0;

/** One request of the management API, as a caller sends it; the answer read whole. */
export type Send = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<Pick<Answer, 'status' | 'headers' | 'text' | 'body'>>;

/** A person who signed up (owning a new account) and signed in: their browser, and their account's id. */
export async function signedUpOwner(baseUrl: string, accountName: string): Promise<{ browser: BrowserClient; accountId: string; personId: string }> {
  const browser = new BrowserClient(baseUrl);
  const email = `owner${(people += 1)}.${Date.now()}@example.test`;
  expect((await browser.send('POST', '/sign-up', { body: { email, password: PASSWORD, accountName } })).status).toBe(202);
  const signedIn = await browser.send('POST', '/sign-in', { body: { email, password: PASSWORD } });
  expect(signedIn.status, signedIn.text).toBe(200);
  const { account, person } = signedIn.body as { account: { id: string }; person: { id: string } };
  return { browser, accountId: account.id, personId: person.id };
}

/** How a signed-in browser sends a management request: its cookie, its origin, JSON. */
export function bySession(browser: BrowserClient): Send {
  return (method, path, body, headers) => browser.send(method, path, { ...(body !== undefined && { body }), ...(headers && { headers }) });
}

/** How curl sends a management request with a key: `Authorization: Bearer`, and JSON when there is a body. */
export function byKey(baseUrl: string, key: string): Send {
  return async (method, path, body, headers) => {
    const answer = await call<Record<string, unknown> | undefined>(baseUrl, `/manage/v1${path}`, {
      method,
      key,
      ...(body !== undefined && { body }),
      ...(headers && { headers }),
    });
    return { status: answer.status, headers: answer.headers, text: answer.text, body: answer.body };
  };
}

/** A key issued through the management API by `send`; fails the test unless it was issued (201). */
export async function issuedKey(send: Send, input: Record<string, unknown>): Promise<{ id: string; key: string }> {
  const answer = await send('POST', '/keys', input);
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { id: string; key: string };
}
