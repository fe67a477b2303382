import { parseOrThrow } from '@petstore/domain';
import { z } from 'zod';
import type { Call } from './call.js';

/** An id the service made (`key_…`, `per_…`, `inv_…`, `ses_…`): URL-safe, and short enough to repeat in a refusal. */
const Id = z
  .string({ error: 'must be text' })
  .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'must be an id of this service: 1 to 100 letters, digits, _ or -' });

/** A passkey's credential id, base64url: WebAuthn allows 1023 bytes, 1364 characters. */
const CredentialId = z.string({ error: 'must be text' }).regex(/^[A-Za-z0-9_-]{1,1364}$/, { error: 'must be a credential id, base64url' });

/**
 * The parameters of the door's route templates, as the document publishes them and the handlers
 * read them: a malformed id is 400 naming it, never looked up nor echoed whole.
 */
export const PATH_PARAMETERS = {
  keyId: Id,
  personId: Id,
  invitationId: Id,
  sessionId: Id,
  passkeyId: CredentialId,
} as const satisfies Record<string, z.ZodType<string>>;

export type PathParameter = keyof typeof PATH_PARAMETERS;

/** The route's parameter, parsed with its schema. */
export function pathParameter(call: Call, name: PathParameter): string {
  return parseOrThrow(PATH_PARAMETERS[name], call.exchange.param(name) ?? '', name);
}
