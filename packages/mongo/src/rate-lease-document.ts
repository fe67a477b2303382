/** One block of a key's budget for one window, claimed by the instance that inserted it. */
export interface RateLeaseDocument {
  /** `<subject>:<window>:<block, zero-padded>`: unique, so each block is claimed once across every instance. */
  _id: string;
  /** When the window is over and the document may go (a TTL index removes it on MongoDB). */
  expiresAt: Date;
  /** On block 0 only: the units per block of every block of the window, so a changed limit never resizes them. */
  size?: number;
}
