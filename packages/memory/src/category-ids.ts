import type { Pet } from '@petstore/domain';
import { withRoom } from './typed-arrays.js';

/**
 * The category id of each row of the pet table: the one place that knows how category ids are
 * stored. The domain keeps a category id as a number while it is a safe integer and as a bigint
 * beyond that; nearly every id is small, so those live in a Float64Array (exact for safe integers)
 * and the rare wide ones in a side map, keeping the column at 8 bytes a pet.
 */
export class CategoryIdColumn {
  private values = new Float64Array(0);
  private readonly wide = new Map<number, bigint>();

  set(row: number, categoryId: Pet['categoryId']): void {
    this.values = withRoom(this.values, row + 1);
    if (typeof categoryId === 'bigint') {
      this.wide.set(row, categoryId);
      this.values[row] = Number.NaN;
    } else {
      this.wide.delete(row);
      this.values[row] = categoryId;
    }
  }

  get(row: number): Pet['categoryId'] {
    const value = this.values[row] as number;
    return Number.isNaN(value) ? (this.wide.get(row) as bigint) : value;
  }
}
