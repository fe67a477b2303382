import { useState } from 'preact/hooks';
import { answer, manage, type Schemas } from '../api.js';
import { CurlLines } from '../ui/curl-lines.js';
import { EditKey } from '../ui/edit-key.js';
import { KeyFacts } from '../ui/key-facts.js';
import { KeyState } from '../ui/key-state.js';
import { Link } from '../ui/link.js';
import { Page } from '../ui/page.js';
import { Problem } from '../ui/problem.js';
import { RevokeKey } from '../ui/revoke-key.js';
import { ShownOnce } from '../ui/shown-once.js';
import { textOf, useAction } from '../ui/use-action.js';
import { UsageReport } from '../ui/usage-report.js';
import { useLoad } from '../ui/use-load.js';
import { when } from '../ui/when.js';

/**
 * How long the old key keeps working after a roll, for the deployments that still hold it. Unless
 * the person chooses, nothing is sent and the API applies its own default overlap.
 */
const OVERLAPS = [
  { value: '', label: "the API's default" },
  { value: '0', label: 'none: the old key stops now' },
  { value: '3600', label: 'one hour' },
  { value: '604800', label: 'one week' },
];

export function KeyPage({ keyId }: { keyId: string }) {
  const path = { keyId };
  const key = useLoad(() => answer(manage.GET('/keys/{keyId}', { params: { path } })), [keyId]);
  const [rolled, setRolled] = useState<Schemas['RolledKey']>();
  const roll = useAction(async (event: SubmitEvent) => {
    event.preventDefault();
    const overlap = textOf(new FormData(event.currentTarget as HTMLFormElement), 'overlap');
    setRolled(await answer(manage.POST('/keys/{keyId}/roll', { params: { path }, body: overlap === '' ? {} : { overlapSeconds: Number(overlap) } })));
    await key.reload();
  });
  const shown = key.value;
  if (rolled)
    return (
      <Page title={`The rolled key${rolled.key.name ? `: ${rolled.key.name}` : ''}`}>
        <p role="status">The old key works until {when(rolled.replaced.overlapEndsAt)}.</p>
        <ShownOnce issued={rolled.key} onDone={() => setRolled(undefined)} />
      </Page>
    );
  return (
    <Page title={shown ? `Key: ${shown.name ?? shown.prefix}` : 'Key'}>
      <p>
        <Link to="/keys">All keys</Link>
      </p>
      <Problem error={key.error} />
      {shown && (
        <>
          <dl class="facts">
            <dt>Prefix</dt>
            <dd>
              <code>{shown.prefix}</code>
            </dd>
            <dt>State</dt>
            <dd>
              <KeyState keyView={shown} />
            </dd>
            <KeyFacts keyView={shown} />
            <dt>Expires</dt>
            <dd>{when(shown.expiresAt)}</dd>
            <dt>Rate limit</dt>
            <dd>{shown.rateLimit ?? "the account's"}</dd>
            <dt>Last use</dt>
            <dd>{when(shown.lastUsedAt)}</dd>
            <dt>Created</dt>
            <dd>{when(shown.createdAt)}</dd>
          </dl>
          <section aria-labelledby="key-usage">
            <h2 id="key-usage">Usage</h2>
            <UsageReport keyId={shown.id} level="h3" />
          </section>
          <h2>Try it</h2>
          <CurlLines keyText={`${shown.prefix}…`} keyView={shown} />
          {(shown.state === 'active' || shown.state === 'expiring') && (
            <>
              <h2>Change</h2>
              <EditKey keyView={shown} onSaved={key.reload} />
              <h2>Roll</h2>
              <form onSubmit={(event) => void roll.act(event)} class="card">
                <p>A new key replaces this one, with the same name, scopes and limit. The old one keeps working for the overlap you choose.</p>
                <div class="field">
                  <label for="roll-overlap">Overlap</label>
                  <select id="roll-overlap" name="overlap" defaultValue="">
                    {OVERLAPS.map(({ value, label }) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </select>
                </div>
                <Problem error={roll.error} />
                <button type="submit" disabled={roll.busy}>
                  Roll the key
                </button>
              </form>
            </>
          )}
          {shown.state !== 'revoked' && shown.state !== 'expired' && <RevokeKey keyView={shown} onRevoked={() => void key.reload()} />}
        </>
      )}
    </Page>
  );
}
