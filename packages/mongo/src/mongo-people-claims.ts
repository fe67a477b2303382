import type { OneTimeToken } from '@petstore/domain';
import type { Collection, Db } from 'mongodb';
import { challengesCollection, invitationsCollection, peopleClaimsCollection, tokensCollection } from './collections.js';
import { isDuplicateKeyError, withDriverErrors } from './driver-errors.js';
import { challengeClaimId, invitationClaimId, tokenClaimId, type PeopleClaimDocument } from './people-claim-document.js';
import { fromTokenDocument, type ChallengeDocument, type InvitationDocument, type TokenDocument } from './people-documents.js';

type InvitationOutcome = 'accepted' | 'revoked';

/**
 * The PeopleStore's once-only operations, each decided by inserting a claim (see
 * PeopleClaimDocument) and only then applied to the record. A crash between the two leaves a
 * claim whose record was not updated: an invitation that still reads as open (or a token or
 * challenge still stored) but that no one can claim again. Whoever meets it next, losing the
 * claim, applies the standing claim to the record, so the record heals on its next use.
 */
export class MongoPeopleClaims {
  private readonly claims: Collection<PeopleClaimDocument>;
  private readonly invitations: Collection<InvitationDocument>;
  private readonly tokens: Collection<TokenDocument>;
  private readonly challenges: Collection<ChallengeDocument>;

  constructor(db: Db) {
    this.claims = peopleClaimsCollection(db);
    this.invitations = invitationsCollection(db);
    this.tokens = tokensCollection(db);
    this.challenges = challengesCollection(db);
  }

  /** True for the one caller whose claim decided the invitation's fate as `outcome`. */
  decideInvitation(id: string, outcome: InvitationOutcome, at: Date): Promise<boolean> {
    return withDriverErrors(async () => {
      const invitation = await this.invitations.findOne({ _id: { $eq: id } });
      if (!invitation || invitation.acceptedAt !== null || invitation.revokedAt !== null) return false;
      const mine: PeopleClaimDocument = { _id: invitationClaimId(id), kind: 'invitation', outcome, at, expiresAt: invitation.expiresAt };
      const standing = (await this.claim(mine)) ?? mine;
      if (standing.kind === 'invitation') {
        // Every caller writes what the standing claim says, so this plain update never decides a race.
        const field = standing.outcome === 'accepted' ? 'acceptedAt' : 'revokedAt';
        await this.invitations.updateOne({ _id: { $eq: id } }, { $set: { [field]: standing.at } });
      }
      return standing === mine;
    });
  }

  /** The token for the one caller that used it; it is deleted either way, being used. */
  useToken(hash: string, at: Date): Promise<OneTimeToken | null> {
    return withDriverErrors(async () => {
      const token = await this.tokens.findOne({ _id: { $eq: hash } });
      if (!token) return null;
      const standing = await this.claim({ _id: tokenClaimId(hash), kind: 'token', at, expiresAt: token.expiresAt });
      await this.tokens.deleteOne({ _id: { $eq: hash } });
      return standing ? null : fromTokenDocument(token);
    });
  }

  /** The challenge for the one caller that took it before it expired; it is deleted either way. */
  takeChallenge(id: string, at: Date): Promise<{ value: string; personId: string | null } | null> {
    return withDriverErrors(async () => {
      const challenge = await this.challenges.findOne({ _id: { $eq: id } });
      if (!challenge) return null;
      // An expired challenge met here goes now, before the scheduled prune would remove it.
      const expired = at.getTime() >= challenge.expiresAt.getTime();
      const standing = expired ? undefined : await this.claim({ _id: challengeClaimId(id), kind: 'challenge', at, expiresAt: challenge.expiresAt });
      await this.challenges.deleteOne({ _id: { $eq: id } });
      return expired || standing ? null : { value: challenge.value, personId: challenge.personId };
    });
  }

  /**
   * What the TTL indexes do on MongoDB, done on the service's schedule for FerretDB, which has none:
   * the challenges expired at `at`, and the claims of those that were taken (a take refuses an
   * expired challenge by its expiresAt, so neither is read again).
   */
  deleteExpiredChallenges(at: Date): Promise<void> {
    return withDriverErrors(async () => {
      await this.challenges.deleteMany({ expiresAt: { $lte: at } });
      await this.claims.deleteMany({ kind: { $eq: 'challenge' }, expiresAt: { $lte: at } });
    });
  }

  /** Inserts the claim; undefined when it won, else the claim that was there first. */
  private async claim(document: PeopleClaimDocument): Promise<PeopleClaimDocument | undefined> {
    try {
      await this.claims.insertOne(document);
      return undefined;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const standing = await this.claims.findOne({ _id: { $eq: document._id } });
    if (!standing) throw new Error(`claim ${document._id} was refused as a duplicate but cannot be read`);
    return standing;
  }
}
