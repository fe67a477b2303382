import { answer, manage } from '../api.js';
import { navigate } from '../router.js';
import { useSession } from '../session.js';
import { Field } from '../ui/field.js';
import { Link } from '../ui/link.js';
import { Page } from '../ui/page.js';
import { Problem } from '../ui/problem.js';
import { formValues, useAction } from '../ui/use-action.js';
import { signInWithPasskey } from '../passkeys.js';
import { PasskeyHostNotice, passkeysWorkHere } from '../ui/passkey-host-notice.js';

export function SignInPage() {
  const { refresh } = useSession();
  const signedIn = async () => {
    await refresh();
    navigate('/keys');
  };
  const password = useAction(async (event: SubmitEvent) => {
    const { email = '', password: secret = '' } = formValues(event);
    await answer(manage.POST('/sign-in', { body: { email, password: secret } }));
    await signedIn();
  });
  const passkey = useAction(async () => {
    await signInWithPasskey();
    await signedIn();
  });
  return (
    <Page title="Sign in">
      <form onSubmit={(event) => void password.act(event)} class="card">
        <Field id="sign-in-email" label="Email" name="email" type="email" autoComplete="username webauthn" required />
        <Field id="sign-in-password" label="Password" name="password" type="password" autoComplete="current-password" required />
        <Problem error={password.error} />
        <button type="submit" disabled={password.busy}>
          Sign in
        </button>
      </form>
      <PasskeyHostNotice />
      {passkeysWorkHere() && (
        <div class="card">
          <button type="button" onClick={() => void passkey.act()} disabled={passkey.busy}>
            Sign in with a passkey
          </button>
          <Problem error={passkey.error} />
        </div>
      )}
      <p>
        <Link to="/forgot-password">Forgot your password?</Link> · New here? <Link to="/sign-up">Sign up</Link>
      </p>
    </Page>
  );
}
