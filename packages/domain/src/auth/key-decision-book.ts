import type { Decided, RollDecision } from './ports.js';

const copy = (decision: RollDecision): RollDecision => ({ ...decision, overlapEndsAt: new Date(decision.overlapEndsAt) });

/**
 * Roll and revocation decisions for a store that lives in one process (the embedded store, tests):
 * each is decided synchronously, with no await between looking and keeping, so the first caller
 * wins exactly as a unique-key insert decides it on a database.
 */
export class KeyDecisionBook {
  private readonly rolls = new Map<string, RollDecision>();
  private readonly latestRolls = new Map<string, RollDecision>();
  private readonly revocations = new Map<string, Date>();

  decideRoll(decision: RollDecision): Decided<RollDecision> {
    const id = `${decision.keyId}:roll:${decision.generation}`;
    const standing = this.rolls.get(id);
    if (standing) return { won: false, decision: copy(standing) };
    this.rolls.set(id, copy(decision));
    const latest = this.latestRolls.get(decision.keyId);
    if (!latest || latest.generation < decision.generation) this.latestRolls.set(decision.keyId, copy(decision));
    return { won: true, decision: copy(decision) };
  }

  latestRoll(keyId: string): RollDecision | null {
    const latest = this.latestRolls.get(keyId);
    return latest ? copy(latest) : null;
  }

  decideRevocation(keyId: string, at: Date): Decided<Date> {
    const standing = this.revocations.get(keyId);
    if (standing) return { won: false, decision: new Date(standing) };
    this.revocations.set(keyId, new Date(at));
    return { won: true, decision: new Date(at) };
  }
}
