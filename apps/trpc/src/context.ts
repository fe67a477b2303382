import type { PetService, Principal } from '@petstore/domain';
import type { Exchange } from '@petstore/http';

/** What every procedure is called with; the envelope checked the key before the door routed the request. */
export interface TrpcContext {
  pets: PetService;
  /** The request: where the door reports its calls, and its trace. */
  exchange: Exchange;
  /** The caller: the door builds the context only once the key is checked. */
  principal: Principal;
  /** The request's `Idempotency-Key` header, for `pets.create`. */
  idempotencyKey: string | undefined;
}
