import type { PetService } from '@petstore/domain';
import type { Exchange } from '@petstore/http';

/** What every procedure is called with; the envelope checked the key before the door routed the request. */
export interface TrpcContext {
  pets: PetService;
  /** The request: its caller, and where the door reports procedures and deprecated calls. */
  exchange: Exchange;
  /** The request's `Idempotency-Key` header, for `pets.create`. */
  idempotencyKey: string | undefined;
}
