import { useState } from 'preact/hooks';
import { answer, manage, type Schemas } from '../api.js';
import { Field } from '../ui/field.js';
import { Link } from '../ui/link.js';
import { Page } from '../ui/page.js';
import { Problem } from '../ui/problem.js';
import { formValues, useAction } from '../ui/use-action.js';
import { ACCOUNT_NAME } from '../generated/form-limits.js';
import { NewPasswordField } from '../ui/new-password-field.js';

export function SignUpPage() {
  const [done, setDone] = useState<Schemas['SignUpAnswer']>();
  const { busy, error, act } = useAction(async (event: SubmitEvent) => {
    const { email = '', password = '', accountName = '' } = formValues(event);
    setDone(await answer(manage.POST('/sign-up', { body: { email, password, accountName } })));
  });
  if (done)
    return (
      <Page
        title={done.verificationRequired ? (done.delivery === 'output' ? "Check the service's output" : 'Check your mail') : 'Your account is ready'}
      >
        <p role="status">
          {!done.verificationRequired
            ? `Sign in as ${done.email}.`
            : done.delivery === 'output'
              ? `No mail server is set up (development), so the service wrote the mail for ${done.email} to its output, in the terminal that runs it. Open its link to verify your address, then sign in.`
              : `We sent a link to ${done.email}. Open it to verify your address, then sign in.`}
        </p>
        <p>
          <Link to="/sign-in">Sign in</Link>
        </p>
      </Page>
    );
  return (
    <Page title="Sign up">
      <form onSubmit={(event) => void act(event)} class="card">
        <Field id="sign-up-email" label="Email" name="email" type="email" autoComplete="email" required />
        <NewPasswordField id="sign-up-password" label="Password" name="password" advice="a few unusual words make a good one." />
        <Field
          id="sign-up-account"
          label="Account name"
          name="accountName"
          maxLength={ACCOUNT_NAME.maxLength}
          autoComplete="organization"
          hint="Your team or company."
          required
        />
        <Problem error={error} />
        <button type="submit" disabled={busy}>
          Sign up
        </button>
      </form>
      <p>
        Already signed up? <Link to="/sign-in">Sign in</Link>
      </p>
    </Page>
  );
}
