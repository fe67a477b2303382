import type { MailDelivery } from '@petstore/domain';
import { z } from 'zod';

/**
 * What the management API answers, as zod schemas: the door's answers are typed by them (so the
 * code cannot send another shape) and the OpenAPI document's schemas are generated from them.
 */
const Instant = z.iso.datetime().meta({ description: 'An instant, in UTC (RFC 3339).' });

export const SessionAnswer = z
  .strictObject({
    person: z.strictObject({
      id: z.string().meta({ description: 'The person, `per_…`.' }),
      email: z.string(),
      emailVerified: z.boolean().meta({
        description: 'False until the address is verified by the mailed link, when the service sends mail; always true when it does not.',
      }),
      createdAt: Instant,
    }),
    account: z.strictObject({
      id: z.string().meta({ description: 'The account, `acc_…`: the API consumer the person belongs to.' }),
      name: z.string(),
      role: z.enum(['owner', 'member']).meta({ description: 'Owners also manage the members.' }),
    }),
    session: z.strictObject({
      id: z.string().meta({ description: 'A handle for this session, `ses_…`: not its token, which is only in the cookie.' }),
      createdAt: Instant,
      lastSeenAt: Instant,
      expiresAt: Instant.meta({ description: 'The absolute end of the session, whatever its use.' }),
    }),
  })
  .meta({ description: 'Who is signed in: the person, their account and role, and this session.' });
export type SessionAnswer = z.infer<typeof SessionAnswer>;

/** Where the service's messages go, in every answer that may send one, so a page can say where to look. */
export const Delivery = z.enum(['mail', 'output', 'none'] as const satisfies readonly MailDelivery[]).meta({
  description:
    "Where the service's messages go: `mail`, to the address (SMTP); `output`, written to the service's own output " +
    '(development without SMTP: the person who started the service reads it there); `none`, nowhere (links come from the operator).',
});

export const SignUpAnswer = z
  .strictObject({
    email: z.string().meta({ description: 'The address signed up, as the service keeps it (trimmed, lower-cased).' }),
    verificationRequired: z.boolean().meta({ description: 'True when a verification link was sent (see `delivery`): sign in, then follow it.' }),
    delivery: Delivery,
  })
  .meta({ description: 'The same answer whether or not the address was already registered, while verification is on.' });

export const ResetRequested = z
  .strictObject({ message: z.string().meta({ description: 'What happened, in words a page can show as it is.' }), delivery: Delivery })
  .meta({ description: 'The same answer whether or not anyone has the address.' });
export type ResetRequested = z.infer<typeof ResetRequested>;
