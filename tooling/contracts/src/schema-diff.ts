import { CriticalityLevel, diff } from '@graphql-inspector/core';
import { buildSchema } from 'graphql';

/** What the `revision` SDL breaks of `base`, one line per change: `Pet.name: Field 'name' was removed …`. */
export async function breakingSchemaChanges(base: string, revision: string): Promise<string[]> {
  const changes = await diff(buildSchema(base), buildSchema(revision));
  return changes
    .filter((change) => change.criticality.level === CriticalityLevel.Breaking)
    .map((change) => (change.path ? `${change.path}: ${change.message}` : change.message));
}
