import { answer, manage } from '../api.js';
import { registerPasskey } from '../passkeys.js';
import { ChangePassword } from '../ui/change-password.js';
import { Confirm } from '../ui/confirm.js';
import { Field } from '../ui/field.js';
import { PasskeyHostNotice, passkeysWorkHere } from '../ui/passkey-host-notice.js';
import { Page } from '../ui/page.js';
import { Problem } from '../ui/problem.js';
import { SignOutEverywhere } from '../ui/sign-out-everywhere.js';
import { formValues, useAction } from '../ui/use-action.js';
import { useLoad } from '../ui/use-load.js';
import { when } from '../ui/when.js';
import { browserName } from '../user-agent.js';

export function SecurityPage() {
  const sessions = useLoad(() => answer(manage.GET('/sessions')));
  const passkeys = useLoad(() => answer(manage.GET('/passkeys')));
  const end = useAction(async (id: string) => {
    await answer(manage.DELETE('/sessions/{sessionId}', { params: { path: { sessionId: id } } }));
    await sessions.reload();
  });
  const add = useAction(async (event: SubmitEvent) => {
    await registerPasskey(formValues(event)['name'] ?? 'Passkey');
    await passkeys.reload();
  });
  return (
    <Page title="Sessions and passkeys">
      <h2>Sessions</h2>
      <Problem error={sessions.error ?? end.error} />
      <ul class="rows">
        {sessions.value?.sessions.map((listed) => (
          <li key={listed.id}>
            <span title={listed.userAgent}>
              <strong>{browserName(listed.userAgent)}</strong>, since {when(listed.createdAt)}, last seen {when(listed.lastSeenAt)} from{' '}
              {listed.clientAddress}
              {listed.current && ' (this session)'}
            </span>
            <button type="button" onClick={() => void end.act(listed.id)} disabled={end.busy}>
              End session
            </button>
          </li>
        ))}
      </ul>
      <h2>Passkeys</h2>
      <Problem error={passkeys.error} />
      {passkeys.value?.passkeys.length === 0 && <p>No passkey yet: add one to sign in without a password.</p>}
      <ul class="rows">
        {passkeys.value?.passkeys.map((passkey) => (
          <li key={passkey.id}>
            <span>
              {passkey.name}, added {when(passkey.createdAt)}, last used {when(passkey.lastUsedAt)}
            </span>
            <Confirm
              open="Remove"
              label={`Remove passkey ${passkey.name}`}
              title={`Remove the passkey ${passkey.name}?`}
              act="Remove the passkey"
              onDone={async () => {
                await answer(manage.DELETE('/passkeys/{passkeyId}', { params: { path: { passkeyId: passkey.id } } }));
              }}
              after={passkeys.reload}
            >
              <p>It will sign nobody in any more. You can still sign in with your password.</p>
            </Confirm>
          </li>
        ))}
      </ul>
      <PasskeyHostNotice />
      {passkeysWorkHere() && (
        <form onSubmit={(event) => void add.act(event)} class="card">
          <Field id="passkey-name" label="Name of the new passkey" name="name" placeholder="Laptop" required />
          <Problem error={add.error} />
          <button type="submit" disabled={add.busy}>
            Add a passkey of this device
          </button>
        </form>
      )}
      <ChangePassword onChanged={sessions.reload} />
      <SignOutEverywhere />
    </Page>
  );
}
