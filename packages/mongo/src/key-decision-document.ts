/**
 * One decision several writers may race for, made by inserting it: `_id` is what is decided
 * (`<keyId>:roll:<generation>`, `<keyId>:revoked`), so the first insert wins on every
 * MongoDB-compatible server and the others get a duplicate-key error. Never updated.
 */
export type KeyDecisionDocument =
  | { _id: string; keyId: string; kind: 'roll'; generation: number; replacementId: string; overlapEndsAt: Date }
  | { _id: string; keyId: string; kind: 'revocation'; at: Date };

export const rollDecisionId = (keyId: string, generation: number): string => `${keyId}:roll:${generation}`;
export const revocationDecisionId = (keyId: string): string => `${keyId}:revoked`;
