import { useState } from 'preact/hooks';
import { answer, manage } from '../api.js';
import { useSession } from '../session.js';
import { Field } from './field.js';
import { Problem } from './problem.js';
import { formValues, useAction } from './use-action.js';
import { NewPasswordField } from './new-password-field.js';

/** changePassword: the current password and a new one; every session ends, and this page goes on in the new one the answer starts. */
export function ChangePassword({ onChanged }: { onChanged: () => Promise<void> }) {
  const { refresh } = useSession();
  const [done, setDone] = useState(false);
  const change = useAction(async (event: SubmitEvent) => {
    const form = event.currentTarget as HTMLFormElement;
    const { currentPassword = '', newPassword = '' } = formValues(event);
    setDone(false);
    await answer(manage.PUT('/password', { body: { currentPassword, newPassword } }));
    form.reset();
    setDone(true);
    await refresh();
    await onChanged();
  });
  return (
    <section aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <form onSubmit={(event) => void change.act(event)} class="card">
        <Field id="current-password" label="Current password" name="currentPassword" type="password" autoComplete="current-password" required />
        <NewPasswordField id="new-password" label="New password" name="newPassword" />
        <Problem error={change.error} />
        <button type="submit" disabled={change.busy}>
          Change the password
        </button>
        <p role="status">{done && 'Your password is changed. Every other session of yours has ended; this one goes on.'}</p>
      </form>
    </section>
  );
}
