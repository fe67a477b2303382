import type { ManagementCaller } from '../management/ports.js';

/**
 * The operator at the command line (`petstore keys …`), over the database directly: any account's
 * keys, held by none of a caller's bounds (docs/key-management.md#containment), and named in the
 * audit trail as this process's actor (PETSTORE_ACTOR).
 */
export interface OperatorCaller {
  readonly kind: 'operator';
  /** The account it acts on, for what is done to an account rather than to a key (createKey, listKeys). */
  readonly accountId?: string;
}

/** Who calls the key service: a person or a management key (over HTTP), or the operator. */
export type KeyCaller = ManagementCaller | OperatorCaller;

/** A caller acting on one account: a person or key always does, the operator when it names one. */
export type AccountCaller = ManagementCaller | (OperatorCaller & { readonly accountId: string });

/** The operator acting on a key, whatever its account. */
export const OPERATOR: OperatorCaller = { kind: 'operator' };

/** The operator acting on one account. */
export function operatorOn(accountId: string): OperatorCaller & { readonly accountId: string } {
  return { kind: 'operator', accountId };
}
