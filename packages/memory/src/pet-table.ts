import { PET_STATUSES, type Pet, type PetStatus } from '@petstore/domain';
import { CategoryIdColumn } from './category-ids.js';
import { withRoom } from './typed-arrays.js';

/** Status as a small integer: 0 for none, else its place in PET_STATUSES plus one. */
export function statusCode(status: PetStatus | undefined): number {
  return status === undefined ? 0 : PET_STATUSES.indexOf(status) + 1;
}

/**
 * Every stored pet as one row of columns, rows in insertion order: ids, category ids and
 * statuses in typed arrays, names in one array of strings. A pet costs no object of its own
 * beyond its name, so a large store is a handful of large arrays that the garbage collector
 * barely has to walk; a Pet object exists only while a caller holds one.
 */
export class PetTable {
  private ids = new Float64Array(0);
  private statuses = new Uint8Array(0);
  private readonly names: string[] = [];
  private readonly categoryIds = new CategoryIdColumn();

  /** Stores the pet in a new row; its row number. */
  append(pet: Pet): number {
    const row = this.names.length;
    this.ids = withRoom(this.ids, row + 1);
    this.statuses = withRoom(this.statuses, row + 1);
    this.ids[row] = pet.id;
    this.statuses[row] = statusCode(pet.status);
    this.categoryIds.set(row, pet.categoryId);
    this.names.push(pet.name);
    return row;
  }

  idOf(row: number): number {
    return this.ids[row] as number;
  }

  statusOf(row: number): number {
    return this.statuses[row] as number;
  }

  /** A new Pet object for the row: callers may change it without touching the store. */
  pet(row: number): Pet {
    const code = this.statuses[row] as number;
    const id = this.ids[row] as number;
    const name = this.names[row] as string;
    const categoryId = this.categoryIds.get(row);
    // Whole literals, not a property added later: each of the two shapes is built in one step.
    return code === 0 ? { id, name, categoryId } : { id, name, categoryId, status: PET_STATUSES[code - 1] };
  }
}
