import { answer, manage } from '../api.js';
import { deprecatedCallsByKey, fetchDeprecations } from '../deprecations.js';
import { fetchUsage, hoursAgo, type Usage } from '../usage.js';
import { CurlLines } from '../ui/curl-lines.js';
import { KeyState } from '../ui/key-state.js';
import { Link } from '../ui/link.js';
import { Page } from '../ui/page.js';
import { Problem } from '../ui/problem.js';
import { useLoad } from '../ui/use-load.js';
import { when } from '../ui/when.js';

/** The calls of each key in the last 24 hours and 30 days, and the deprecated operations it called; undefined where not metered. */
async function keyActivity() {
  const [day, month, deprecations] = await Promise.all([
    fetchUsage({ from: hoursAgo(24), granularity: 'hour' }),
    fetchUsage({ from: hoursAgo(30 * 24), granularity: 'day' }),
    fetchDeprecations(),
  ]);
  return { day: day && callsByKey(day), month: month && callsByKey(month), deprecated: deprecations && deprecatedCallsByKey(deprecations) };
}

const callsByKey = (usage: Usage): Map<string, number> => new Map(usage.keys.map(({ keyId, calls }) => [keyId, calls]));

export function KeysPage() {
  const keys = useLoad(() => answer(manage.GET('/keys')));
  const activity = useLoad(keyActivity);
  const listed = keys.value?.keys;
  const metered = activity.value?.day !== undefined;
  return (
    <Page title="Keys">
      <p>
        <Link to="/keys/new">Create a key</Link>
      </p>
      <Problem error={keys.error ?? activity.error} />
      {listed?.length === 0 && (
        <div class="card empty">
          <h2>Start here: create your first key</h2>
          <p>
            A key lets a program call the pet store through any of its three doors. <Link to="/keys/new">Create a key</Link>, copy it when it is shown
            (only once), then try it:
          </p>
          <CurlLines keyText="<your key>" />
        </div>
      )}
      {listed && listed.length > 0 && (
        <div class="scroll" role="region" aria-label="Keys table" tabIndex={0}>
          <table class="stack">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Prefix</th>
                <th scope="col">Scopes</th>
                <th scope="col">Expires</th>
                <th scope="col">Limit</th>
                <th scope="col">Last use</th>
                {metered && <th scope="col">Calls 24 h / 30 d</th>}
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {listed.map((key) => {
                const deprecated = activity.value?.deprecated?.get(key.id);
                return (
                  <tr key={key.id}>
                    <td data-label="Name">
                      <Link to={`/keys/${key.id}`}>{key.name ?? 'unnamed key'}</Link>
                      {key.kind === 'browser' && <span class="hint"> (browser key)</span>}
                      {deprecated && (
                        <p class="notice">
                          Called {deprecated.join(', ')}, which will be removed: see <Link to="/usage">usage</Link>.
                        </p>
                      )}
                    </td>
                    <td data-label="Prefix">
                      <code>{key.prefix}</code>
                    </td>
                    <td data-label="Scopes">{key.scopes.join(', ')}</td>
                    <td data-label="Expires">{when(key.expiresAt)}</td>
                    <td data-label="Limit">{key.rateLimit ?? 'account limit'}</td>
                    <td data-label="Last use">{when(key.lastUsedAt)}</td>
                    {metered && (
                      <td data-label="Calls 24 h / 30 d">
                        {activity.value?.day?.get(key.id) ?? 0} / {activity.value?.month?.get(key.id) ?? 0}
                      </td>
                    )}
                    <td data-label="State">
                      <KeyState keyView={key} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
