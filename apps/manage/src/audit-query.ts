import { AUDIT_ACTIONS, parseOrThrow, type AuditRecordsQuery } from '@petstore/domain';
import { singleValues, type Query } from '@petstore/http';
import { z } from 'zod';

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
    .string()
    .regex(/^[0-9]{1,3}$/, { error: 'must be a whole number from 1 to 100' })
    .transform(Number)
    .pipe(z.int().min(1, { error: 'must be a whole number from 1 to 100' }).max(100, { error: 'must be a whole number from 1 to 100' }))
    .optional()
    .meta({ description: 'Records per page, 1 to 100; 50 when absent.' }),
  cursor: z.string().min(1).max(500).optional().meta({ description: 'The `next` of the page before; absent for the newest page.' }),
});

/** The audit query a request's query string asks for; 400 naming the parameter for anything else, or for one given twice. */
export function auditQueryOf(query: Query): AuditRecordsQuery {
  const { since, ...rest } = parseOrThrow(AuditRecordsParameters, singleValues(query), 'query');
  return { ...rest, ...(since !== undefined && { since: new Date(since) }) };
}
