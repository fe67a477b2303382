import { useState } from 'preact/hooks';
import { answer, manage, type Schemas } from '../api.js';
import { navigate } from '../router.js';
import { GRANTABLE_SCOPES } from '../scopes.js';
import { Field } from '../ui/field.js';
import { Page } from '../ui/page.js';
import { Problem } from '../ui/problem.js';
import { ShownOnce } from '../ui/shown-once.js';
import { textOf, useAction } from '../ui/use-action.js';

/**
 * The create form's fields as the API's CreateKeyInput: what the person set, and nothing where
 * they set nothing, so that the API's defaults apply (its default scopes when none is ticked).
 */
function createKeyInput(form: HTMLFormElement): Schemas['CreateKeyInput'] {
  const data = new FormData(form);
  const expires = textOf(data, 'expiresOn');
  const limit = textOf(data, 'rateLimit');
  const scopes = data.getAll('scopes').filter((scope) => typeof scope === 'string');
  return {
    name: textOf(data, 'name'),
    ...(scopes.length > 0 && { scopes }),
    ...(expires !== '' && { expiresAt: new Date(`${expires}T23:59:59`).toISOString() }),
    ...(limit !== '' && { rateLimit: Number(limit) }),
  };
}

export function CreateKeyPage() {
  const [issued, setIssued] = useState<Schemas['IssuedKey']>();
  const { busy, error, act } = useAction(async (event: SubmitEvent) => {
    event.preventDefault();
    setIssued(await answer(manage.POST('/keys', { body: createKeyInput(event.currentTarget as HTMLFormElement) })));
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
          <legend>Scopes: what the key may do (none ticked: the API's default scopes)</legend>
          {GRANTABLE_SCOPES.map(({ scope, says }) => (
            <div class="check" key={scope}>
              <input type="checkbox" id={`scope-${scope}`} name="scopes" value={scope} />
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
