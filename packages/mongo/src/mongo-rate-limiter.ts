import { MAX_RATE_LIMIT, secondsToWindowEnd, type Clock, type RateLimitDecision, type RateLimiter } from '@petstore/domain';
import type { Collection, Db } from 'mongodb';
import { rateLeasesCollection } from './collections.js';
import { isDuplicateKeyError, withDriverErrors } from './driver-errors.js';
import type { RateLeaseDocument } from './rate-lease-document.js';

/** A key's budget is cut into this many leases per window (fewer when the limit is small). */
export const LEASES_PER_WINDOW = 50;
// A raised limit claims blocks past the fiftieth; ids sort by block up to a limit of MAX_RATE_LIMIT in blocks of 1.
const BLOCK_DIGITS = String(MAX_RATE_LIMIT).length;

export interface LeasedRateLimiterOptions {
  windowSeconds: number;
  clock: Clock;
}

/** How a budget of `limit` units per window is cut into blocks of `size` units. */
interface Blocks {
  limit: number;
  /** Units per block. */
  size: number;
  count: number;
}

/** A fiftieth of the limit: the block size a window starts with. */
const sizeFor = (limit: number): number => Math.max(1, Math.ceil(limit / LEASES_PER_WINDOW));

function blocksOf(limit: number, size = sizeFor(limit)): Blocks {
  return { limit, size, count: Math.ceil(limit / size) };
}

/** What this instance holds of one subject's budget in one window. */
interface Lease {
  window: number;
  /** Units leased and not yet spent here. */
  remaining: number;
  /** The lowest block this instance has not tried to claim yet. */
  nextBlock: number;
  /** Units per block in this window, as its first claim (block 0) recorded it; undefined until known. */
  size: number | undefined;
  /** Whether this instance has looked for the blocks other instances claimed in the window. */
  joined: boolean;
  claiming: Promise<void> | undefined;
}

/**
 * One budget per subject (an API key) shared by every instance on the database, at the cost of one
 * insert per lease rather than a round trip per request. Each window's budget of `limit` units (the
 * key's own, or the service's, given with each charge) is cut into blocks of a fiftieth of it; an
 * instance claims the next free block by inserting its number as a unique `_id` (the one write that
 * is atomic on every MongoDB-compatible server, as for id blocks; FerretDB's findAndModify is not)
 * and spends it from memory. Each unit is claimed by one instance only, so no more than `limit` are
 * admitted per window across all instances; a lease an instance has not used up is lost to the
 * others, so with N instances a key may be refused up to N × (block size - 1) units before `limit`
 * when its traffic moves between them. Every block of a window has the size its first claim
 * (block 0) recorded, so a key whose limit changes within a window (an update seen by instances at
 * different times) is admitted at most the larger of its limits: each block is claimed once, and a
 * limit of L may claim the blocks below L. A raise is honoured at once (the blocks above the old
 * limit become claimable), a cut too (those above the new one no longer are).
 */
export class MongoLeasedRateLimiter implements RateLimiter {
  private readonly leases: Collection<RateLeaseDocument>;
  private readonly held = new Map<string, Lease>();
  private readonly windowMs: number;
  private lastSweep = 0;

  constructor(
    db: Db,
    private readonly options: LeasedRateLimiterOptions,
  ) {
    this.leases = rateLeasesCollection(db);
    this.windowMs = options.windowSeconds * 1000;
  }

  consume(subject: string, cost: number, limit: number): RateLimitDecision | Promise<RateLimitDecision> {
    const now = this.options.clock.now().getTime();
    const lease = this.leaseOf(subject, now);
    const blocks = blocksOf(limit, lease.size);
    if (lease.remaining >= cost) {
      lease.remaining -= cost;
      return this.decision(true, lease, blocks, now);
    }
    if (!mayGrow(lease, blocks) || cost > limit) return this.decision(false, lease, blocks, now);
    return this.topUp(subject, lease, limit, cost);
  }

  /** Claims blocks until the cost fits or the window's budget is all claimed. */
  private async topUp(subject: string, lease: Lease, limit: number, cost: number): Promise<RateLimitDecision> {
    while (lease.remaining < cost && mayGrow(lease, blocksOf(limit, lease.size))) {
      lease.claiming ??= withDriverErrors(() => this.claim(subject, lease, limit)).finally(() => {
        lease.claiming = undefined;
      });
      await lease.claiming;
    }
    const now = this.options.clock.now().getTime();
    const allowed = lease.remaining >= cost;
    if (allowed) lease.remaining -= cost;
    return this.decision(allowed, lease, blocksOf(limit, lease.size), now);
  }

  private async claim(subject: string, lease: Lease, limit: number): Promise<void> {
    const prefix = `${subject}:${lease.window}:`;
    const idOf = (block: number) => prefix + String(block).padStart(BLOCK_DIGITS, '0');
    if (!lease.joined) {
      // An instance joining mid-window starts after the highest block claimed, not at block 0,
      // with the block size that block 0 recorded.
      lease.nextBlock = (await this.highestClaimed(prefix)) + 1;
      if (lease.nextBlock > 0) lease.size = await this.recordedSize(idOf(0));
      lease.joined = true;
    }
    const expiresAt = new Date((lease.window + 1) * this.windowMs);
    for (;;) {
      const size = lease.size ?? sizeFor(limit);
      const block = lease.nextBlock;
      if (block >= blocksOf(limit, size).count) return;
      // Stepped past before the insert: a claim whose answer is lost is never tried twice.
      lease.nextBlock += 1;
      try {
        await this.leases.insertOne({ _id: idOf(block), expiresAt, ...(block === 0 && { size }) });
        lease.size = size;
        lease.remaining += Math.min(size, limit - block * size);
        return;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        if (block === 0) lease.size = await this.recordedSize(idOf(0));
      }
    }
  }

  /** The block size the window's block 0 recorded; undefined when none did (a lease of an older release). */
  private async recordedSize(firstBlockId: string): Promise<number | undefined> {
    const first = await this.leases.findOne({ _id: { $eq: firstBlockId } });
    return first?.size;
  }

  /** The highest block of the window claimed by any instance, or -1; ids sort by block (zero-padded). */
  private async highestClaimed(prefix: string): Promise<number> {
    // ';' is the character after ':', so this range holds exactly the ids that start with the prefix.
    const range = { $gte: prefix, $lt: `${prefix.slice(0, -1)};` };
    const [highest] = await this.leases
      .find({ _id: range }, { projection: { _id: 1 } })
      .sort({ _id: -1 })
      .limit(1)
      .toArray();
    return highest ? Number(highest._id.slice(prefix.length)) : -1;
  }

  private leaseOf(subject: string, now: number): Lease {
    const window = Math.floor(now / this.windowMs);
    this.sweep(now);
    let lease = this.held.get(subject);
    if (!lease || lease.window !== window) {
      lease = { window, remaining: 0, nextBlock: 0, size: undefined, joined: false, claiming: undefined };
      this.held.set(subject, lease);
    }
    return lease;
  }

  /**
   * `remaining` is what this instance could still admit: its lease plus the blocks it has not
   * seen claimed (other instances may have claimed some since).
   */
  private decision(allowed: boolean, lease: Lease, blocks: Blocks, now: number): RateLimitDecision {
    const unclaimed = Math.max(0, blocks.limit - lease.nextBlock * blocks.size);
    return {
      allowed,
      limit: blocks.limit,
      remaining: Math.min(blocks.limit, lease.remaining + unclaimed),
      resetSeconds: secondsToWindowEnd(now, this.windowMs),
      windowSeconds: this.options.windowSeconds,
    };
  }

  /** Forgets leases of windows that have ended, at most once per window. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    const window = Math.floor(now / this.windowMs);
    for (const [subject, lease] of this.held) if (lease.window < window) this.held.delete(subject);
  }
}

/** A claim in flight may still bring units even when every block has been tried. */
function mayGrow(lease: Lease, blocks: Blocks): boolean {
  return lease.claiming !== undefined || lease.nextBlock < blocks.count;
}
