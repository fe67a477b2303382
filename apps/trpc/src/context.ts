import type { PetService, Principal } from '@petstore/domain';
import type { RequestReport } from '@petstore/http';

/** What every procedure is called with; the envelope checked the key before tRPC saw the request. */
export interface TrpcContext {
  pets: PetService;
  /** Absent only for a request tRPC refuses before any procedure runs (an unknown procedure). */
  principal: Principal | undefined;
  /** The request's `Idempotency-Key` header, for `pets.create`. */
  idempotencyKey: string | undefined;
  /** Where the door reports procedures and deprecated calls for the access log and metrics. */
  report: RequestReport;
}
