import { z } from 'zod';
import { KeyAnswer } from './key-answers.js';
import { Delivery } from './answers.js';

/** What the members, invitations and sessions operations answer, as zod schemas: the handlers' answers are typed by them and the document generated from them. */
const Instant = z.iso.datetime().meta({ description: 'An instant, in UTC (RFC 3339).' });
const Role = z.enum(['owner', 'member']).meta({ description: 'Owners also manage the members.' });

export const MemberAnswer = z
  .strictObject({
    personId: z.string().meta({ description: 'The person, `per_…`: what removeMember takes.' }),
    email: z.string(),
    role: Role,
    joinedAt: Instant,
  })
  .meta({ description: 'A person of the account.' });
export type MemberAnswer = z.infer<typeof MemberAnswer>;

export const MemberList = z.strictObject({ members: z.array(MemberAnswer) }).meta({ description: "The account's people, earliest to join first." });

export const RemovedMemberAnswer = z
  .strictObject({
    revokedKeys: z.array(KeyAnswer).meta({
      description: 'The keys revoked with the membership: those the person made, and those made by them; empty with keepKeys=true.',
    }),
  })
  .meta({ description: 'What removing the person did beyond the removal.' });
export type RemovedMemberAnswer = z.infer<typeof RemovedMemberAnswer>;

export const InvitationAnswer = z
  .strictObject({
    id: z.string().meta({ description: 'The invitation, `inv_…`: what revokeInvitation takes.' }),
    email: z.string().meta({ description: 'The invited address: only a person signing in or up with it may accept.' }),
    role: Role,
    invitedBy: z.string().meta({ description: 'Who invited: `person:<id>`, or the operator.' }),
    createdAt: Instant,
    expiresAt: Instant.meta({ description: 'Seven days after it was made.' }),
    acceptedAt: Instant.nullable(),
    revokedAt: Instant.nullable().meta({ description: 'When an owner withdrew it; null otherwise.' }),
  })
  .meta({ description: 'An invitation into the account: never its link, which is shown (or mailed) once.' });
export type InvitationAnswer = z.infer<typeof InvitationAnswer>;

export const CreatedInvitationAnswer = z
  .strictObject({
    invitation: InvitationAnswer,
    link: z
      .strictObject({
        url: z.string().meta({ description: 'The one-time link to pass on to the invited person; it works once.' }),
        expiresAt: Instant,
      })
      .nullable()
      .meta({ description: 'The link, in this answer only, when the service sends no mail; null when it was sent (see `delivery`).' }),
    delivery: Delivery,
  })
  .meta({ description: 'The invitation made, and its link when no mail carried it.' });
export type CreatedInvitationAnswer = z.infer<typeof CreatedInvitationAnswer>;

export const InvitationList = z
  .strictObject({ invitations: z.array(InvitationAnswer) })
  .meta({ description: "The account's invitations, newest first, whatever their state." });

export const SessionListItem = z
  .strictObject({
    id: z.string().meta({ description: 'A handle for the session, `ses_…`: what endSession takes; never its token.' }),
    current: z.boolean().meta({ description: 'True for the session this request was made with.' }),
    createdAt: Instant,
    lastSeenAt: Instant,
    expiresAt: Instant.meta({ description: 'The absolute end of the session, whatever its use.' }),
    clientAddress: z.string().meta({ description: 'Where it was signed in from.' }),
    userAgent: z.string().meta({
      description: 'The browser that signed in, as its User-Agent said: decoded as UTF-8, without unprintable characters, at most 256 characters.',
    }),
  })
  .meta({ description: 'One of the signed-in person’s sessions.' });
export type SessionListItem = z.infer<typeof SessionListItem>;

export const SessionList = z
  .strictObject({ sessions: z.array(SessionListItem) })
  .meta({ description: "The signed-in person's sessions still in force, most recently used first." });
