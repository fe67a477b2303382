import { int64FromText, type ListQueryInput, type PetStatus } from '@petstore/domain';

export interface ListArgs {
  limit?: number | null;
  status?: PetStatus | null;
  after?: string | null;
}

export interface NewPetArgs {
  name: string;
  categoryId: string;
  status?: PetStatus | null;
}

/**
 * GraphQL lets a client send an explicit null where an argument is optional; the domain only
 * knows "absent", so null is dropped. Bounds and rules stay the domain schemas' to check.
 */
export function listInput(args: ListArgs): ListQueryInput {
  return { limit: args.limit ?? undefined, status: args.status ?? undefined, after: args.after ?? undefined };
}

/** The domain's NewPet is strict, so only its own fields are passed on. */
export function newPetInput(input: NewPetArgs): unknown {
  return {
    name: input.name,
    categoryId: int64FromText(input.categoryId),
    ...(input.status && { status: input.status }),
  };
}
