import { NEW_PASSWORD } from '../generated/form-limits.js';
import { Field } from './field.js';

/** A new password's rule in words, from the bounds the API's document states. */
export const NEW_PASSWORD_RULE = `${NEW_PASSWORD.minLength} to ${NEW_PASSWORD.maxLength} characters`;

/** The field of every form that sets a password (sign-up, reset, change): its rule as its hint and its minimum length. */
export function NewPasswordField({ id, label, name, advice }: { id: string; label: string; name: string; advice?: string }) {
  return (
    <Field
      id={id}
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      minLength={NEW_PASSWORD.minLength}
      hint={advice ? `${NEW_PASSWORD_RULE}; ${advice}` : `${NEW_PASSWORD_RULE}.`}
      required
    />
  );
}
