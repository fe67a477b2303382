import type { Authenticate, Principal } from '@petstore/domain';
import { callDomain } from './domain-errors.js';

/** What every resolver may rely on: the caller was authenticated before the document was parsed. */
export interface GraphqlContext {
  principal: Principal;
}

/**
 * Apollo's context function: the one bearer-key check of every door. Apollo calls it before it
 * parses the document, so without a valid key nothing is parsed, validated or introspected, and
 * the answer is HTTP 401 `UNAUTHENTICATED` with `WWW-Authenticate` (see domain-errors.ts).
 */
export function authenticatedContext(authenticate: Authenticate) {
  return async (authorization: string | undefined): Promise<GraphqlContext> => ({
    principal: await callDomain(() => authenticate(authorization)),
  });
}
