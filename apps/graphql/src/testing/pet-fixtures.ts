import { postGraphql } from './graphql-call.js';
import type { TestGraphql } from './start-graphql.js';

export interface PetView {
  id: string;
  name: string;
  categoryId: string;
  status: 'AVAILABLE' | 'PENDING' | 'SOLD' | null;
}

export const PET_FIELDS = 'id name categoryId status';

export const ADD_PET = `mutation AddPet($input: NewPetInput!) { addPet(input: $input) { ${PET_FIELDS} } }`;

/** Adds pets through the door itself, returning them in creation (and so id) order. */
export async function addPets(door: TestGraphql, inputs: Array<Record<string, unknown>>): Promise<PetView[]> {
  const pets: PetView[] = [];
  for (const input of inputs) {
    const answer = await postGraphql<{ addPet: PetView }>(door.url, { query: ADD_PET, variables: { input }, key: door.apiKey });
    if (!answer.body.data) throw new Error(`addPet failed: ${JSON.stringify(answer.body.errors)}`);
    pets.push(answer.body.data.addPet);
  }
  return pets;
}

const STATUSES = ['AVAILABLE', 'PENDING', 'SOLD'] as const;

/** `count` pets named pet-1…, cycling through the statuses. */
export function numberedPets(count: number): Array<Record<string, unknown>> {
  return Array.from({ length: count }, (_, index) => ({
    name: `pet-${index + 1}`,
    categoryId: String(index + 1),
    status: STATUSES[index % STATUSES.length],
  }));
}
