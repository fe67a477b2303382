import type { Authenticate, Principal } from '@petstore/domain';
import type { RequestReport } from '@petstore/http';
import type { OperationSpan } from '@petstore/telemetry';
import { callDomain } from './domain-errors.js';

/** What every resolver may rely on: the caller was authenticated before the document was parsed. */
export interface GraphqlContext {
  principal: Principal;
  /** The request's `Idempotency-Key` header, for `addPet`. */
  idempotencyKey: string | undefined;
  /** Where the door reports operations, the caller and deprecated calls for the access log and metrics. */
  report: RequestReport;
  /** This operation's span when the request is traced (set by operationTracePlugin). */
  operationSpan?: OperationSpan;
}

/** What the context is built from: the parts of the HTTP request the resolvers may use. */
export interface GraphqlRequestParts {
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  report: RequestReport;
}

/**
 * Apollo's context function: the one bearer-key check of every door. Apollo calls it before it
 * parses the document, so without a valid key nothing is parsed, validated or introspected, and
 * the answer is HTTP 401 `UNAUTHENTICATED` with `WWW-Authenticate` (see domain-errors.ts).
 */
export function authenticatedContext(authenticate: Authenticate) {
  return async ({ authorization, idempotencyKey, report }: GraphqlRequestParts): Promise<GraphqlContext> => {
    const principal = await callDomain(() => authenticate(authorization, { clientAddress: report.clientAddress }));
    report.authenticated(principal);
    return { principal, idempotencyKey, report };
  };
}
