import { DomainError } from '@petstore/domain';
import type { Exchange } from '@petstore/http';
import type { OperationSpan } from '@petstore/telemetry';
import { toGraphqlError } from './domain-errors.js';

/** What every resolver may rely on: the envelope checked the key before the document was read. */
export interface GraphqlContext {
  /**
   * The request: its caller (`principal`), its `Idempotency-Key` (for `addPet`) and its trace, and
   * where the door reports operations and deprecated calls.
   */
  exchange: Exchange;
  /** This operation's span when the request is traced (set by operationPlugin). */
  operationSpan?: OperationSpan;
}

/**
 * Apollo's context. Only the landing page (a browser GET) is handed to Apollo without a key;
 * should Apollo find an operation to run there after all, it has no caller and is refused.
 */
export async function graphqlContext(exchange: Exchange): Promise<GraphqlContext> {
  if (!exchange.principal) throw toGraphqlError(new DomainError('unauthorized', 'missing API key: send "Authorization: Bearer <API_KEY>"'));
  return { exchange };
}
