import { useState } from 'preact/hooks';
import { answer, manage, oneOf } from '../api.js';
import { actionText, actorText, AUDIT_ACTION_WORDS, changeSentences } from '../audit-text.js';
import { pathsAuditRecordsGetParametersQueryActionValues } from '../generated/manage-api.js';
import { fetchNames, type Names } from '../names.js';
import { Field } from '../ui/field.js';
import { KeyName } from '../ui/key-name.js';
import { Page } from '../ui/page.js';
import { Problem } from '../ui/problem.js';
import { formValues } from '../ui/use-action.js';
import { useLoad } from '../ui/use-load.js';
import { when } from '../ui/when.js';

type Filters = Record<'actor' | 'action' | 'keyId' | 'since', string>;
const NONE: Filters = { actor: '', action: '', keyId: '', since: '' };

/** The filters that are set, as listAuditRecords takes them (the action is one of the API's, chosen from them). */
function auditQuery({ actor, action, keyId, since }: Filters) {
  const known = oneOf(pathsAuditRecordsGetParametersQueryActionValues, action);
  return {
    ...(actor !== '' && { actor }),
    ...(known && { action: known }),
    ...(keyId !== '' && { keyId }),
    ...(since !== '' && { since: new Date(since).toISOString() }),
  };
}

/** Who acted, by email or key name; what the trail recorded (`person:per_…`) on hover. */
function Actor({ actor, names }: { actor: string; names: Names }) {
  const { text, id } = actorText(actor, names);
  return id ? <span title={id}>{text}</span> : <>{text}</>;
}

/** The account's audit trail, newest first, filtered as listAuditRecords filters (actor, action, key, since), in words. */
export function AuditPage() {
  const [filters, setFilters] = useState<Filters>(NONE);
  const names = useLoad(fetchNames);
  const records = useLoad(() => answer(manage.GET('/audit-records', { params: { query: auditQuery(filters) } })), [filters]);
  const keys = names.value?.keys ?? [];
  // Rows wait for the names too: a trail shown in ids, then in words, would change under the reader.
  const named = names.value;
  return (
    <Page title="Audit trail">
      <form class="filters card" onSubmit={(event) => setFilters({ ...NONE, ...formValues(event) })}>
        <div class="field">
          <label for="audit-actor">Actor</label>
          <select id="audit-actor" name="actor" defaultValue={filters.actor}>
            <option value="">anyone</option>
            {names.value?.people.map(({ personId, email }) => (
              <option key={personId} value={`person:${personId}`}>
                {email}
              </option>
            ))}
            {keys.map((key) => (
              <option key={key.id} value={`key:${key.id}`}>
                key {key.name ?? key.prefix} ({key.prefix})
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="audit-action">Action</label>
          <select id="audit-action" name="action" defaultValue={filters.action}>
            <option value="">any action</option>
            {AUDIT_ACTION_WORDS.map(({ action, words }) => (
              <option key={action} value={action}>
                {words}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="audit-key">Key</label>
          <select id="audit-key" name="keyId" defaultValue={filters.keyId}>
            <option value="">any key</option>
            {keys.map((key) => (
              <option key={key.id} value={key.id}>
                {key.name ?? key.prefix} ({key.prefix})
              </option>
            ))}
          </select>
        </div>
        <Field id="audit-since" label="Since" name="since" type="date" defaultValue={filters.since} />
        <button type="submit">Filter</button>
      </form>
      <Problem error={records.error ?? names.error} />
      <div class="scroll" role="region" aria-label="Audit records" tabIndex={0}>
        <table class="stack">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Key</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {named &&
              records.value?.records.map((record) => (
                <tr key={record.id}>
                  <td data-label="When">{when(record.at)}</td>
                  <td data-label="Who">
                    <Actor actor={record.actor} names={named} />
                  </td>
                  <td data-label="Action">
                    <span title={record.action}>{actionText(record.action)}</span>
                  </td>
                  <td data-label="Key">{record.keyId ? <KeyName keyId={record.keyId} names={named} /> : '—'}</td>
                  <td data-label="Changes">
                    <ul class="changes">
                      {changeSentences(record.changes, named).map((sentence) => (
                        <li key={sentence}>{sentence}</li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
      {records.value?.records.length === 0 && <p>No record matches.</p>}
    </Page>
  );
}
