/**
 * A once-only claim, made by inserting it: `_id` is what is claimed (`invitation:<id>`,
 * `token:<hash>`, `challenge:<id>`), so on every MongoDB-compatible server the first insert wins
 * and every other gets a duplicate-key error. Neither a conditional update nor findAndModify
 * would do: FerretDB's findAndModify is not atomic and it has no transactions. Never updated.
 *
 * An invitation has one claim for its fate, accepted or revoked, so that the two exclude each
 * other. `expiresAt` is the claimed record's: past it the record is refused anyway, so MongoDB's
 * TTL index may remove the claim (FerretDB keeps it; see indexes.ts).
 */
export type PeopleClaimDocument =
  | { _id: string; kind: 'invitation'; outcome: 'accepted' | 'revoked'; at: Date; expiresAt: Date }
  | { _id: string; kind: 'token' | 'challenge'; at: Date; expiresAt: Date };

export const invitationClaimId = (invitationId: string): string => `invitation:${invitationId}`;
export const tokenClaimId = (hash: string): string => `token:${hash}`;
export const challengeClaimId = (challengeId: string): string => `challenge:${challengeId}`;
