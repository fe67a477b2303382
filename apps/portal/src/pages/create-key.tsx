import { useState } from 'preact/hooks';
import { answer, manage, type Schemas } from '../api.js';
import { navigate } from '../router.js';
import { GRANTABLE_SCOPES, scopesTicked } from '../scopes.js';
import { Field } from '../ui/field.js';
import { Page } from '../ui/page.js';
import { Problem } from '../ui/problem.js';
import { ShownOnce } from '../ui/shown-once.js';
import { textOf, useAction, wordsOf } from '../ui/use-action.js';
import { KEY_NAME, RATE_LIMIT } from '../generated/form-limits.js';

/**
 * The keys a person may make, each as the API makes it: a pet key and a management key are the
 * API's secret keys (a management key holds the management scopes), a browser key is its browser
 * kind, with the origins it is accepted from.
 */
const PURPOSES = [
  { purpose: 'pet', kind: 'secret', label: 'Pet key', says: 'a server or program calls the pet API (REST, GraphQL, tRPC). Keep it secret.' },
  {
    purpose: 'browser',
    kind: 'browser',
    label: 'Browser key',
    says: 'a web page calls the pet API from the origins you list. Every visitor can read it.',
  },
  { purpose: 'management', kind: 'secret', label: 'Management key', says: "automation reads or manages this account's keys at the management API." },
] as const;
type Purpose = (typeof PURPOSES)[number];

/**
 * The create form's fields as the API's CreateKeyInput: what the person set, and nothing where
 * they set nothing, so that the API's defaults apply (its default scopes for the kind when none is
 * ticked).
 */
function createKeyInput(form: HTMLFormElement, purpose: Purpose): Schemas['CreateKeyInput'] {
  const data = new FormData(form);
  const expires = textOf(data, 'expiresOn');
  const limit = textOf(data, 'rateLimit');
  const scopes = scopesTicked(data);
  const settings = {
    name: textOf(data, 'name'),
    ...(expires !== '' && { expiresAt: new Date(`${expires}T23:59:59`).toISOString() }),
    ...(limit !== '' && { rateLimit: Number(limit) }),
  };
  // A browser key takes its origins and the API's scopes for it (the form offers none); a secret key no origins.
  if (purpose.kind === 'browser') return { ...settings, kind: 'browser', origins: wordsOf(textOf(data, 'origins')) };
  return { ...settings, kind: 'secret', ...(scopes.length > 0 && { scopes }) };
}

export function CreateKeyPage() {
  const [issued, setIssued] = useState<Schemas['IssuedKey']>();
  const [purpose, setPurpose] = useState<Purpose>(PURPOSES[0]);
  const { busy, error, act } = useAction(async (event: SubmitEvent) => {
    event.preventDefault();
    setIssued(await answer(manage.POST('/keys', { body: createKeyInput(event.currentTarget as HTMLFormElement, purpose) })));
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
        <fieldset>
          <legend>What the key is for</legend>
          {PURPOSES.map((choice) => (
            <div class="check" key={choice.purpose}>
              <input
                type="radio"
                id={`purpose-${choice.purpose}`}
                name="purpose"
                value={choice.purpose}
                checked={purpose === choice}
                onChange={() => setPurpose(choice)}
              />
              <label for={`purpose-${choice.purpose}`}>
                <strong>{choice.label}</strong>: {choice.says}
              </label>
            </div>
          ))}
        </fieldset>
        <Field
          id="key-name"
          label="Name"
          name="name"
          maxLength={KEY_NAME.maxLength}
          hint="Where the key is used: “billing service”, “Ada's laptop”."
          required
        />
        {purpose.purpose === 'pet' && (
          <fieldset>
            <legend>Scopes: what the key may do</legend>
            <p class="hint" id="pet-scopes-hint">
              None ticked: the API gives a pet key its default scopes, shown once the key is made.
            </p>
            {GRANTABLE_SCOPES.filter(({ api }) => api === 'pets').map(({ scope, says }) => (
              <div class="check" key={scope}>
                <input type="checkbox" id={`scope-${scope}`} name="scopes" value={scope} aria-describedby="pet-scopes-hint" />
                <label for={`scope-${scope}`}>
                  <code>{scope}</code>: {says}
                </label>
              </div>
            ))}
          </fieldset>
        )}
        {purpose.purpose === 'management' && (
          <fieldset>
            <legend>Scope at the management API</legend>
            {GRANTABLE_SCOPES.filter(({ api }) => api === 'manage').map(({ scope, says }) => (
              <div class="check" key={scope}>
                <input type="radio" id={`scope-${scope}`} name="scopes" value={scope} required />
                <label for={`scope-${scope}`}>
                  <code>{scope}</code>: {says}
                </label>
              </div>
            ))}
          </fieldset>
        )}
        {purpose.purpose === 'browser' && (
          <div class="field">
            <label for="key-origins">Allowed origins, one a line</label>
            <textarea id="key-origins" name="origins" rows={3} required aria-describedby="key-origins-hint" placeholder="https://shop.example" />
            <small id="key-origins-hint" class="hint">
              Each exactly as a browser sends it in <code>Origin</code>: scheme, host, and the port if it is not the default. The API gives a browser
              key its default scopes.
            </small>
          </div>
        )}
        <Field id="key-expires" label="Expires on (optional)" name="expiresOn" type="date" hint="At the end of that day, your time. Empty: never." />
        <Field
          id="key-limit"
          label="Rate limit (optional)"
          name="rateLimit"
          type="number"
          min={RATE_LIMIT.minimum}
          max={RATE_LIMIT.maximum}
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
