import { AUDIT_ACTIONS, parseOrThrow, type AuditRecordsQuery } from '@petstore/domain';
import { singleValues, type Query } from '@petstore/http';
import { z } from 'zod';

const LIMIT_RULE = 'must be a whole number from 1 to 100';

/**
 * listAuditRecords' query parameters, as the door reads them and its document publishes them: each
 * at most once, none it does not know (a misspelt filter would otherwise widen the answer unseen).
 */
export const AuditRecordsParameters = z.strictObject({
  actor: z.string().min(1).max(200).optional().meta({ description: 'Only changes by this actor: `person:<id>`, `key:<id>`, or the operator.' }),
  action: z.enum(AUDIT_ACTIONS, { error: `must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
  keyId: z.string().min(1).max(100).optional().meta({ description: 'Only changes to this key.' }),
  since: z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 instant' })
    .optional()
    .meta({ description: 'Only changes at or after this instant.' }),
  limit: z
    .int({ error: LIMIT_RULE })
    .min(1, { error: LIMIT_RULE })
    .max(100, { error: LIMIT_RULE })
    .optional()
    .meta({ description: 'Records per page, 1 to 100; 50 when absent.' }),
  cursor: z.string().min(1).max(500).optional().meta({ description: 'The `next` of the page before; absent for the newest page.' }),
});

/**
 * The audit query a request's query string asks for; 400 naming the parameter for anything else, or
 * for one given twice. Only the syntax is read here (digits to a number, as /v1 reads its `limit`);
 * the bounds are the schema's, so a non-numeric limit is passed on as text and refused there.
 */
export function auditQueryOf(query: Query): AuditRecordsQuery {
  const { limit, ...others } = singleValues(query);
  const parameters = { ...others, ...(limit !== undefined && { limit: /^\d{1,16}$/.test(limit) ? Number(limit) : limit }) };
  const { since, ...rest } = parseOrThrow(AuditRecordsParameters, parameters, 'query');
  return { ...rest, ...(since !== undefined && { since: new Date(since) }) };
}
