import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { navigate } from '../router.js';
import { GRANTABLE_SCOPES } from '../scopes.js';
import { Field } from '../ui/field.js';
import { Page } from '../ui/page.js';
import { Problem } from '../ui/problem.js';
import { ShownOnce } from '../ui/shown-once.js';
import { textOf, useAction } from '../ui/use-action.js';
import type { IssuedKey } from '../wire.js';

/** The create form's fields as the API's CreateKeyInput: scopes ticked, an expiry at the end of the day chosen, a limit if set. */
function createKeyInput(form: HTMLFormElement) {
  const data = new FormData(form);
  const expires = textOf(data, 'expiresOn');
  const limit = textOf(data, 'rateLimit');
  return {
    name: textOf(data, 'name'),
    scopes: data.getAll('scopes').filter((scope) => typeof scope === 'string'),
    expiresAt: expires === '' ? null : new Date(`${expires}T23:59:59`).toISOString(),
    rateLimit: limit === '' ? null : Number(limit),
  };
}

export function CreateKeyPage() {
  const [issued, setIssued] = useState<IssuedKey>();
  const { busy, error, act } = useAction(async (event: SubmitEvent) => {
    event.preventDefault();
    setIssued(await api<IssuedKey>('POST', '/keys', createKeyInput(event.currentTarget as HTMLFormElement)));
  });
  if (issued)
    return (
      <Page title={`Your new key${issued.name ? `: ${issued.name}` : ''}`}>
        <ShownOnce issued={issued} onDone={() => navigate('/keys')} />
      </Page>
    );
  return (
    <Page title="Create a key">
      <form onSubmit={(event) => void act(event)} class="card">
        <Field id="key-name" label="Name" name="name" hint="Where the key is used: “billing service”, “Ada's laptop”." required />
        <fieldset>
          <legend>Scopes: what the key may do</legend>
          {GRANTABLE_SCOPES.map(({ scope, says }) => (
            <div class="check" key={scope}>
              <input type="checkbox" id={`scope-${scope}`} name="scopes" value={scope} defaultChecked={scope === 'pets:read'} />
              <label for={`scope-${scope}`}>
                <code>{scope}</code>: {says}
              </label>
            </div>
          ))}
        </fieldset>
        <Field id="key-expires" label="Expires on (optional)" name="expiresOn" type="date" hint="At the end of that day, your time. Empty: never." />
        <Field
          id="key-limit"
          label="Rate limit (optional)"
          name="rateLimit"
          type="number"
          min={1}
          step={1}
          hint="Operations per window. Empty: the account's limit."
        />
        <Problem error={error} />
        <button type="submit" disabled={busy}>
          Create the key
        </button>
      </form>
    </Page>
  );
}
