// Written by pets-procedures.test.ts from PROCEDURE_TEXT (pets-router.ts) and the operation catalogue; do not edit.
import { petsProcedureBodies as bodies } from './pets-router.js';
import { router } from './trpc.js';

/**
 * The pet procedures as a plain record, before `router()` binds them to the server's context:
 * its declared type names only inputs, outputs and the error shape (and keeps each procedure's
 * JSDoc), so the client's router type is written from it without any server type. A call without
 * the scope is refused `FORBIDDEN` (403, `data.domainCode: "forbidden"`), and so is its whole batch.
 */
export const petsProcedures = {
  /** Pets in id order, optionally by status; a bare array, like `GET /v1/pets`. Needs the `pets:read` scope. */
  list: bodies.list,

  /** Like `list`, with the opaque cursor to pass as `after` for the next page (null on the last). Needs the `pets:read` scope. */
  page: bodies.page,

  /** Adds a pet; the service assigns its id. Needs the `pets:write` scope. */
  create: bodies.create,

  /**
   * One pet by id. Needs the `pets:read` scope.
   * @deprecated Removed on 2030-12-05 (answers `gone` from then on). Instead, list pets with a status filter.
   */
  get: bodies.get,
};

export const petsRouter = router(petsProcedures);
