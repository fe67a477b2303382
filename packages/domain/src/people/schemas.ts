import { z } from 'zod';
import { DisplayName } from '../accounts/display-name.js';

/**
 * The inputs of the people operations, as zod schemas: the service parses with them and the
 * management door generates its OpenAPI document from them, so the two cannot disagree.
 */

/** NIST SP 800-63B: at least 12 characters here (no composition rules), at most 128. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * An address as RFC 5321 lets a mailbox be written without quoting: a local part of 1 to 64
 * letters, digits and `_'+-.` (not starting or ending with a dot), `@`, a domain of DNS labels
 * (letters, digits, inner hyphens, at most 63 each) ending in a top-level name of letters. Every
 * address it matches is also an `email` by JSON Schema's format, which the document states beside it.
 */
const EMAIL_PATTERN =
  /^[A-Za-z0-9_'+-](?:[A-Za-z0-9_'+.-]{0,62}[A-Za-z0-9_'+-])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** An email address as people are known by: at most 254 characters (RFC 5321), kept lower-cased. Nothing is trimmed: the document could not say so. */
export const Email = z
  .email({ pattern: EMAIL_PATTERN, error: 'must be an email address' })
  .max(254, { error: 'must be at most 254 characters' })
  .overwrite((email) => email.toLowerCase());

/**
 * A password as given at sign-in: any text up to a bound (so nothing unbounded reaches the
 * hasher); whether a new one is acceptable is the password policy's to say (length, common list).
 */
export const Password = z
  .string({ error: 'must be text' })
  .min(1, { error: 'must not be empty' })
  // Generous in UTF-16 units: the policy counts characters, and 128 of them may take 512 units.
  .max(4 * MAX_PASSWORD_LENGTH, { error: `must be at most ${MAX_PASSWORD_LENGTH} characters` })
  .meta({ description: 'The password as it was chosen: checked, not judged by the rules of a new one' });

/**
 * A password being chosen (signing up, resetting, changing, accepting an invitation): 12 to 128
 * characters, counted as Unicode code points as the document's minLength and maxLength count them
 * (zod's own min and max count UTF-16 units, which would refuse 100 emoji). What no schema can
 * say (a common password, one character repeated, the person's own address) is the password
 * policy's, a 400 the document lists.
 */
export const NewPassword = z
  .string({ error: 'must be text' })
  .refine((password) => withinLength([...password].length), { error: `must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters` })
  .meta({
    minLength: MIN_PASSWORD_LENGTH,
    maxLength: MAX_PASSWORD_LENGTH,
    description: `${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters; no composition rules; common passwords and one character repeated are refused, spaces, invisible characters and letter widths aside`,
  });

function withinLength(length: number): boolean {
  return length >= MIN_PASSWORD_LENGTH && length <= MAX_PASSWORD_LENGTH;
}

/** A one-time link's token: 32 random bytes, base64url (43 characters). */
export const LinkToken = z.string({ error: 'must be text' }).regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be the token of a link this service sent' });

export const RoleSchema = z.enum(['owner', 'member'], { error: 'must be owner or member' });

export const SignUpInput = z.strictObject({ email: Email, password: NewPassword, accountName: DisplayName });
export type SignUpInput = z.input<typeof SignUpInput>;

export const SignInInput = z.strictObject({ email: Email, password: Password });
export type SignInInput = z.input<typeof SignInInput>;

export const VerifyEmailInput = z.strictObject({ token: LinkToken });
export type VerifyEmailInput = z.input<typeof VerifyEmailInput>;

export const PasswordResetRequest = z.strictObject({ email: Email });
export type PasswordResetRequest = z.input<typeof PasswordResetRequest>;

export const ResetPasswordInput = z.strictObject({ token: LinkToken, password: NewPassword });
export type ResetPasswordInput = z.input<typeof ResetPasswordInput>;

export const ChangePasswordInput = z.strictObject({ currentPassword: Password, newPassword: NewPassword });
export type ChangePasswordInput = z.input<typeof ChangePasswordInput>;

export const InvitationInput = z.strictObject({ email: Email, role: RoleSchema.default('member') });
export type InvitationInput = z.input<typeof InvitationInput>;

/**
 * removeMember's query: the keys the member made are revoked with their membership unless the
 * owner keeps them (`keepKeys=true`), as a query parameter since the removal is a DELETE.
 */
export const RemoveMemberQuery = z.strictObject({
  keepKeys: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((keep) => keep === 'true')
    .optional()
    .meta({
      description:
        'true keeps the keys the member made (and the keys those made); absent or false revokes them with the membership, as ' +
        'the member was shown their secrets.',
    }),
});

/**
 * Accepting an invitation: the invited address, a password (a new person's, or an existing
 * person's own to prove it is them), and for an invitation to sign up (no account yet) the name of
 * the account to create.
 */
export const AcceptInvitationInput = z.strictObject({
  token: LinkToken,
  email: Email,
  // A new person's password, or an existing person's own, which was chosen under the same rule.
  password: NewPassword,
  accountName: DisplayName.optional(),
});
export type AcceptInvitationInput = z.input<typeof AcceptInvitationInput>;
