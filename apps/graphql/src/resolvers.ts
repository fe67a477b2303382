import { int64FromText, isDomainError, type Pet, type PetService } from '@petstore/domain';
import { rootFieldOperation } from './analysis/root-field-operations.js';
import { callDomain } from './domain-errors.js';
import type { Resolvers } from './generated/resolvers-types.js';
import { idToGraphql } from './int64-id.js';
import { listInput, newPetInput } from './pet-inputs.js';
import { PET_STATUS_VALUES } from './pet-status.js';

/** Each call of `pet` counts as a call of a deprecated operation when the catalogue says it is one. */
const PET_CALL = { deprecated: rootFieldOperation('Query', 'pet')?.deprecation !== undefined };

/** Every field maps its arguments to a PetService call; rules and bounds are the domain's. */
export function createResolvers(pets: PetService): Resolvers {
  return {
    Query: {
      pets: async (_root, args) => (await callDomain(() => pets.list(listInput(args)))).pets,
      petsPage: (_root, args) => callDomain(() => pets.list(listInput(args))),
      pet: (_root, args, context) => {
        context.exchange.operation('graphql', 'pet', PET_CALL);
        return callDomain(() => nullWhenNotFound(pets.get(int64FromText(args.id), 'id')));
      },
    },
    Mutation: {
      // The request's Idempotency-Key covers every addPet it carries: the same pet sent twice is one pet.
      addPet: (_root, args, { exchange }) =>
        callDomain(() => pets.create(newPetInput(args.input), { idempotencyKey: exchange.idempotencyKey, accountId: exchange.principal?.accountId })),
    },
    Pet: {
      id: (pet) => idToGraphql(pet.id),
      categoryId: (pet) => idToGraphql(pet.categoryId),
    },
    PetStatus: PET_STATUS_VALUES,
  };
}

/** GraphQL's way to say "no such pet" is a null field, not an error. */
async function nullWhenNotFound(lookup: Promise<Pet>): Promise<Pet | null> {
  try {
    return await lookup;
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') return null;
    throw error;
  }
}
