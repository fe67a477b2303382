import { MAX_PET_ID, type IdSource } from '@petstore/domain';
import type { Collection, Db } from 'mongodb';
import { idBlocksCollection } from './collections.js';
import { isDuplicateKeyError, withDriverErrors } from './driver-errors.js';
import type { IdBlockDocument } from './id-block-document.js';
import { idFromLong, toLong } from './int64.js';

export const DEFAULT_ID_BLOCK_SIZE = 1000;

interface Block {
  next: number;
  last: number;
}

/**
 * Hi/lo ids: each instance claims a block of ids at a time by inserting the block's number as a
 * unique `_id`, and hands them out from memory. A unique-key insert is the one write that is atomic
 * on every MongoDB-compatible server (FerretDB's findAndModify is not, and it has no transactions),
 * so two instances can never claim the same block: the loser gets a duplicate-key error and steps on.
 * Ids of block b are b*size+1 .. (b+1)*size; unused ids of a block are lost when the process exits.
 */
export class MongoIdSource implements IdSource {
  private readonly blocks: Collection<IdBlockDocument>;
  private block: Block | undefined;
  private lastClaimed = -1;
  /** Concurrent callers wait on one claim instead of each claiming a block of its own. */
  private claiming: Promise<void> | undefined;

  constructor(
    db: Db,
    private readonly blockSize: number = DEFAULT_ID_BLOCK_SIZE,
  ) {
    if (!Number.isSafeInteger(blockSize) || blockSize < 1) throw new RangeError('blockSize must be a positive integer');
    this.blocks = idBlocksCollection(db);
  }

  async next(): Promise<number> {
    for (;;) {
      const block = this.block;
      if (block && block.next <= block.last) {
        const id = block.next;
        block.next += 1;
        return id;
      }
      this.claiming ??= withDriverErrors(() => this.claimBlock()).finally(() => {
        this.claiming = undefined;
      });
      await this.claiming;
    }
  }

  private async claimBlock(): Promise<void> {
    const [highest] = await this.blocks
      .find({}, { projection: { _id: 1 } })
      .sort({ _id: -1 })
      .limit(1)
      .toArray();
    let candidate = Math.max(highest ? idFromLong(highest._id) : -1, this.lastClaimed) + 1;
    for (;;) {
      const last = (candidate + 1) * this.blockSize;
      if (last > MAX_PET_ID) throw new RangeError('the id space is exhausted');
      try {
        await this.blocks.insertOne({ _id: toLong(candidate), claimedAt: new Date() });
        this.lastClaimed = candidate;
        this.block = { next: candidate * this.blockSize + 1, last };
        return;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        candidate += 1;
      }
    }
  }
}
