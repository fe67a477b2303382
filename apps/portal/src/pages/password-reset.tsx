import { useState } from 'preact/hooks';
import { answer, manage, type Schemas } from '../api.js';
import { takeLinkToken } from '../router.js';
import { Field } from '../ui/field.js';
import { Link } from '../ui/link.js';
import { Page } from '../ui/page.js';
import { Problem } from '../ui/problem.js';
import { formValues, useAction } from '../ui/use-action.js';
import { NewPasswordField } from '../ui/new-password-field.js';

/** Where the link went, in the portal's words, as the sign-up page says it: the same for every address. */
const SENT: Record<Schemas['ResetRequested']['delivery'], string> = {
  mail: 'If a person has this address, we mailed it a link to choose a new password.',
  output:
    'No mail server is set up (development), so if a person has this address, the service wrote the mail with the link to its output, in the terminal that runs it.',
  none: 'This service sends no mail: ask its operator for a link to reset your password.',
};

export function ForgotPasswordPage() {
  const [message, setMessage] = useState<string>();
  const { busy, error, act } = useAction(async (event: SubmitEvent) => {
    const requested = await answer(manage.POST('/password-reset-requests', { body: { email: formValues(event)['email'] ?? '' } }));
    setMessage(SENT[requested.delivery]);
  });
  return (
    <Page title="Forgot your password">
      <form onSubmit={(event) => void act(event)} class="card">
        <Field id="forgot-email" label="Email" name="email" type="email" autoComplete="email" required />
        <Problem error={error} />
        <button type="submit" disabled={busy}>
          Send me a link
        </button>
      </form>
      <p role="status">{message}</p>
    </Page>
  );
}

/** The page the reset mail links to: the token is taken from the address bar at once, and kept only here. */
export function ResetPasswordPage() {
  const [token] = useState(takeLinkToken);
  const [done, setDone] = useState(false);
  const { busy, error, act } = useAction(async (event: SubmitEvent) => {
    await answer(manage.POST('/password-resets', { body: { token: token ?? '', password: formValues(event)['password'] ?? '' } }));
    setDone(true);
  });
  return (
    <Page title="Choose a new password">
      {!token && <p>This page needs the link from the reset mail: open the link itself.</p>}
      {done ? (
        <p role="status">
          Your password is changed. <Link to="/sign-in">Sign in</Link>
        </p>
      ) : (
        token && (
          <form onSubmit={(event) => void act(event)} class="card">
            <NewPasswordField id="reset-password" label="New password" name="password" />
            <Problem error={error} />
            <button type="submit" disabled={busy}>
              Set the password
            </button>
          </form>
        )
      )}
    </Page>
  );
}
