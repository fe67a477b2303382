import type { Long } from 'mongodb';

/** A claimed block of ids: the unique `_id` is what makes a claim atomic on every server. */
export interface IdBlockDocument {
  _id: Long;
  claimedAt: Date;
}
