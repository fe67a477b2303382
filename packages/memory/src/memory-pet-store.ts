import { DomainError, PET_STATUSES, type IdSource, type Pet, type PetListFilter, type PetStore } from '@petstore/domain';
import { PetTable, statusCode } from './pet-table.js';
import { SortedRows } from './sorted-rows.js';

/**
 * The embedded store: everything in this process, lost on exit. Pets live as rows of a compact
 * table (a million cost a few tens of megabytes and almost no objects); one id index for all
 * pets and one per status keep `get` O(log n) and every list O(log n + limit), filtered or not.
 */
export class MemoryPetStore implements PetStore, IdSource {
  private readonly table = new PetTable();
  private readonly idOf = (row: number): number => this.table.idOf(row);
  private readonly all = new SortedRows(this.idOf);
  /** Indexed by status code; code 0 (no status) has no index of its own. */
  private readonly byStatus = [undefined, ...PET_STATUSES.map(() => new SortedRows(this.idOf))];
  private lastId = 0;

  async next(): Promise<number> {
    this.lastId += 1;
    return this.lastId;
  }

  async insert(pet: Pet): Promise<void> {
    if (this.all.find(pet.id) !== -1) throw new DomainError('conflict', `pet ${pet.id} already exists`);
    const row = this.table.append(pet);
    this.all.add(row);
    this.byStatus[this.table.statusOf(row)]?.add(row);
  }

  async list(filter: PetListFilter): Promise<Pet[]> {
    const index = filter.status ? (this.byStatus[statusCode(filter.status)] as SortedRows) : this.all;
    return index.page(filter.afterId, filter.limit).map((row) => this.table.pet(row));
  }

  async get(id: number): Promise<Pet | null> {
    const row = this.all.find(id);
    return row === -1 ? null : this.table.pet(row);
  }
}
