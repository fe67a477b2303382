import type { Authenticate, PetService } from '@petstore/domain';
import type { RequestReport } from '@petstore/http';

/**
 * What every procedure is called with. The Authorization header travels unchecked so that the
 * key is verified by `protectedProcedure`, per call, before any input is looked at.
 */
export interface TrpcContext {
  pets: PetService;
  authenticate: Authenticate;
  authorization: string | undefined;
  /** The request's `Idempotency-Key` header, for `pets.create`. */
  idempotencyKey: string | undefined;
  /** Where the door reports procedures, the caller and deprecated calls for the access log and metrics. */
  report: RequestReport;
}
