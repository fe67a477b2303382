import { useState } from 'preact/hooks';
import { fetchNames } from '../names.js';
import { DeprecationReport } from '../ui/deprecation-report.js';
import { Page } from '../ui/page.js';
import { Problem } from '../ui/problem.js';
import { UsageReport } from '../ui/usage-report.js';
import { useLoad } from '../ui/use-load.js';

export function UsagePage() {
  const [keyId, setKeyId] = useState('');
  const names = useLoad(fetchNames);
  return (
    <Page title="Usage">
      <Problem error={names.error} />
      <UsageReport
        level="h2"
        keyId={keyId}
        names={names.value}
        filters={
          <div class="field">
            <label for="usage-key">Key</label>
            <select id="usage-key" value={keyId} onChange={(event) => setKeyId(event.currentTarget.value)}>
              <option value="">every key</option>
              {names.value?.keys.map((key) => (
                <option key={key.id} value={key.id}>
                  {key.name ?? key.prefix} ({key.prefix})
                </option>
              ))}
            </select>
          </div>
        }
      />
      <DeprecationReport names={names.value} />
    </Page>
  );
}
