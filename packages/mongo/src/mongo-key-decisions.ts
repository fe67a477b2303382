import type { Decided, RollDecision } from '@petstore/domain';
import type { Collection, Db } from 'mongodb';
import { keyDecisionsCollection } from './collections.js';
import { isDuplicateKeyError, withDriverErrors } from './driver-errors.js';
import { revocationDecisionId, rollDecisionId, type KeyDecisionDocument } from './key-decision-document.js';

/** Rolls and revocations decided by unique-key inserts (see KeyDecisionDocument). */
export class MongoKeyDecisions {
  private readonly decisions: Collection<KeyDecisionDocument>;

  constructor(db: Db) {
    this.decisions = keyDecisionsCollection(db);
  }

  async decideRoll(decision: RollDecision): Promise<Decided<RollDecision>> {
    const document: KeyDecisionDocument = { _id: rollDecisionId(decision.keyId, decision.generation), kind: 'roll', ...decision };
    const standing = await this.decide(document);
    if (standing?.kind !== 'roll') return { won: true, decision };
    return { won: false, decision: toRollDecision(standing) };
  }

  latestRoll(keyId: string): Promise<RollDecision | null> {
    return withDriverErrors(async () => {
      const [latest] = await this.decisions
        .find({ keyId: { $eq: keyId }, kind: { $eq: 'roll' } })
        .sort({ generation: -1 })
        .limit(1)
        .toArray();
      return latest?.kind === 'roll' ? toRollDecision(latest) : null;
    });
  }

  async decideRevocation(keyId: string, at: Date): Promise<Decided<Date>> {
    const standing = await this.decide({ _id: revocationDecisionId(keyId), keyId, kind: 'revocation', at });
    if (standing?.kind !== 'revocation') return { won: true, decision: at };
    return { won: false, decision: standing.at };
  }

  /** Inserts the decision; undefined when it won, else the decision that was there first. */
  private decide(document: KeyDecisionDocument): Promise<KeyDecisionDocument | undefined> {
    return withDriverErrors(async () => {
      try {
        await this.decisions.insertOne(document);
        return undefined;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const standing = await this.decisions.findOne({ _id: { $eq: document._id } });
      if (!standing) throw new Error(`decision ${document._id} was refused as a duplicate but cannot be read`);
      return standing;
    });
  }
}

function toRollDecision(document: Extract<KeyDecisionDocument, { kind: 'roll' }>): RollDecision {
  const { keyId, generation, replacementId, overlapEndsAt } = document;
  return { keyId, generation, replacementId, overlapEndsAt };
}
