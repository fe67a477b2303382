import type { PetService } from '@petstore/domain';
import type { Exchange } from '@petstore/http';

/** What every procedure is called with; the envelope checked the key before the door routed the request. */
export interface TrpcContext {
  pets: PetService;
  /**
   * The request: its caller (`principal`, checked before any call runs), its `Idempotency-Key`
   * (for `pets.create`) and its trace, and where the door reports its calls.
   */
  exchange: Exchange;
}
