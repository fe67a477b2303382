import type { Pet } from '@petstore/domain';
import { withRoom } from './typed-arrays.js';

/**
 * The category id of each row of the pet table: the one place that knows how category ids are
 * stored. A Float64Array holds every safe integer exactly; were category ids to span the whole
 * int64 range, a BigInt64Array here (and the conversion in `get`/`set`) would be the only change.
 */
export class CategoryIdColumn {
  private values = new Float64Array(0);

  set(row: number, categoryId: Pet['categoryId']): void {
    this.values = withRoom(this.values, row + 1);
    this.values[row] = categoryId;
  }

  get(row: number): Pet['categoryId'] {
    return this.values[row] as number;
  }
}
