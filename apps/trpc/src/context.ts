import type { Authenticate, PetService } from '@petstore/domain';

/**
 * What every procedure is called with. The Authorization header travels unchecked so that the
 * key is verified by `protectedProcedure`, per call, before any input is looked at.
 */
export interface TrpcContext {
  pets: PetService;
  authenticate: Authenticate;
  authorization: string | undefined;
}
