import { graphql } from './gql/index.js';

/** What a frontend asks for: each operation typed by codegen and registered as a trusted document. */
export const AvailablePets = graphql(`
  query AvailablePets($limit: Int) {
    petsPage(limit: $limit, status: AVAILABLE) {
      pets {
        id
        name
        status
      }
      nextCursor
    }
  }
`);

export const AddPet = graphql(`
  mutation AddPet($input: NewPetInput!) {
    addPet(input: $input) {
      id
      name
      status
    }
  }
`);

/** Still on the deprecated read: the generated types say so, and until when. */
export const PetById = graphql(`
  query PetById($id: ID!) {
    pet(id: $id) {
      id
      name
    }
  }
`);
