import { useState } from 'preact/hooks';
import { answer, manage, oneOf } from '../api.js';
import { pathsAuditRecordsGetParametersQueryActionValues } from '../generated/manage-api.js';
import { Field } from '../ui/field.js';
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

/** The account's audit trail, newest first, filtered as listAuditRecords filters (actor, action, key, since). */
export function AuditPage() {
  const [filters, setFilters] = useState<Filters>(NONE);
  const records = useLoad(() => answer(manage.GET('/audit-records', { params: { query: auditQuery(filters) } })), [filters]);
  return (
    <Page title="Audit trail">
      <form class="filters card" onSubmit={(event) => setFilters({ ...NONE, ...formValues(event) })}>
        <Field id="audit-actor" label="Actor" name="actor" placeholder="person:per_… or key:key_…" defaultValue={filters.actor} />
        <div class="field">
          <label for="audit-action">Action</label>
          <select id="audit-action" name="action" defaultValue={filters.action}>
            <option value="">any action</option>
            {pathsAuditRecordsGetParametersQueryActionValues.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </div>
        <Field id="audit-key" label="Key" name="keyId" placeholder="key_…" defaultValue={filters.keyId} />
        <Field id="audit-since" label="Since" name="since" type="date" defaultValue={filters.since} />
        <button type="submit">Filter</button>
      </form>
      <Problem error={records.error} />
      <div class="scroll" role="region" aria-label="Audit records" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Actor</th>
              <th scope="col">Action</th>
              <th scope="col">Key</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {records.value?.records.map((record) => (
              <tr key={record.id}>
                <td>{when(record.at)}</td>
                <td>{record.actor}</td>
                <td>{record.action}</td>
                <td>{record.keyId ?? '—'}</td>
                <td>
                  {Object.entries(record.changes)
                    .map(([field, { from, to }]) => `${field}: ${JSON.stringify(from)} → ${JSON.stringify(to)}`)
                    .join('; ')}
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
