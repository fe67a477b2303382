import type { PetStatus } from '@petstore/domain';

/**
 * The one mapping between the schema's enum names and the domain's statuses. Installed as the
 * enum's internal values, so graphql-js converts arguments to domain statuses on the way in and
 * domain statuses to enum names on the way out, and resolvers only ever see domain values.
 */
export const PET_STATUS_VALUES = {
  AVAILABLE: 'available',
  PENDING: 'pending',
  SOLD: 'sold',
} as const satisfies Record<string, PetStatus>;
