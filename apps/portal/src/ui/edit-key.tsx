import { answer, manage, type Schemas } from '../api.js';
import { GRANTABLE_SCOPES, scopesTicked } from '../scopes.js';
import { Field } from './field.js';
import { Problem } from './problem.js';
import { textOf, useAction, wordsOf } from './use-action.js';
import { KEY_NAME, RATE_LIMIT } from '../generated/form-limits.js';

/**
 * Changing a key as updateKey takes it: its name, rate limit and, by its kind, a secret key's
 * scopes or a browser key's origins (a browser key's scopes are the API's to set).
 */
export function EditKey({ keyView, onSaved }: { keyView: Schemas['Key']; onSaved: () => Promise<void> }) {
  const save = useAction(async (event: SubmitEvent) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const limit = textOf(data, 'rateLimit');
    const byKind = keyView.kind === 'browser' ? { origins: wordsOf(textOf(data, 'origins')) } : { scopes: scopesTicked(data) };
    const body = { name: textOf(data, 'name'), rateLimit: limit === '' ? null : Number(limit), ...byKind };
    await answer(manage.PATCH('/keys/{keyId}', { params: { path: { keyId: keyView.id } }, body }));
    await onSaved();
  });
  return (
    <form
      onSubmit={(event) => void save.act(event)}
      class="card"
      key={`${keyView.name} ${keyView.scopes.join()} ${keyView.origins?.join() ?? ''} ${keyView.rateLimit}`}
    >
      <Field id="edit-name" label="Name" name="name" maxLength={KEY_NAME.maxLength} defaultValue={keyView.name ?? ''} required />
      {keyView.kind === 'browser' ? (
        <div class="field">
          <label for="edit-origins">Allowed origins, one a line</label>
          <textarea id="edit-origins" name="origins" rows={3} required defaultValue={keyView.origins?.join('\n')} />
        </div>
      ) : (
        <fieldset>
          <legend>Scopes</legend>
          {GRANTABLE_SCOPES.map(({ scope, says }) => (
            <div class="check" key={scope}>
              <input type="checkbox" id={`edit-scope-${scope}`} name="scopes" value={scope} defaultChecked={keyView.scopes.includes(scope)} />
              <label for={`edit-scope-${scope}`}>
                <code>{scope}</code>: {says}
              </label>
            </div>
          ))}
        </fieldset>
      )}
      <Field
        id="edit-limit"
        label="Rate limit"
        name="rateLimit"
        type="number"
        min={RATE_LIMIT.minimum}
        max={RATE_LIMIT.maximum}
        step={1}
        defaultValue={keyView.rateLimit === null ? '' : String(keyView.rateLimit)}
        hint="Operations per window. Empty: the account's limit."
      />
      <Problem error={save.error} />
      <button type="submit" disabled={save.busy}>
        Save the changes
      </button>
    </form>
  );
}
