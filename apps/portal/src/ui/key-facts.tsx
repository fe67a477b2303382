import type { Schemas } from '../api.js';
import { Link } from './link.js';

/** What each kind of key is, in words: the API's kind, and where such a key may be used. */
const KINDS: Record<Schemas['Key']['kind'], string> = {
  secret: 'secret: for servers and programs; keep it off web pages',
  browser: 'browser: for web pages, accepted only from its origins',
};

/** A key's kind, scopes and (a browser key's) origins as the API reports them, and the key that replaced it after a roll. */
export function KeyFacts({ keyView }: { keyView: Schemas['Key'] }) {
  return (
    <>
      <dt>Kind</dt>
      <dd data-testid="key-kind">{KINDS[keyView.kind]}</dd>
      <dt>Scopes</dt>
      <dd data-testid="key-scopes">{keyView.scopes.join(', ')}</dd>
      {keyView.kind === 'browser' && (
        <>
          <dt>Origins</dt>
          <dd data-testid="key-origins">
            <ul class="plain">
              {(keyView.origins ?? []).map((origin) => (
                <li key={origin}>
                  <code>{origin}</code>
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
      {keyView.replacedBy && (
        <>
          <dt>Replaced by</dt>
          <dd>
            <Link to={`/keys/${keyView.replacedBy}`}>the key that replaced it</Link>
          </dd>
        </>
      )}
    </>
  );
}
