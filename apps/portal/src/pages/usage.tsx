import { useState } from 'preact/hooks';
import { answer, manage } from '../api.js';
import { fetchUsage, hoursAgo, series, type Granularity } from '../usage.js';
import { BarChart } from '../ui/bar-chart.js';
import { DeprecationReport } from '../ui/deprecation-report.js';
import { Page } from '../ui/page.js';
import { Problem } from '../ui/problem.js';
import { useLoad } from '../ui/use-load.js';

const PERIODS: Record<string, { hours: number; granularity: Granularity; label: string }> = {
  '2d': { hours: 48, granularity: 'hour', label: 'the last two days, by hour' },
  '30d': { hours: 30 * 24, granularity: 'day', label: 'the last 30 days, by day' },
  '90d': { hours: 90 * 24, granularity: 'day', label: 'the last 90 days, by day' },
};

export function UsagePage() {
  const [period, setPeriod] = useState('2d');
  const [keyId, setKeyId] = useState('');
  const chosen = PERIODS[period] ?? PERIODS['2d']!;
  const keys = useLoad(() => answer(manage.GET('/keys')));
  const usage = useLoad(
    () => fetchUsage({ from: hoursAgo(chosen.hours), granularity: chosen.granularity, keyId: keyId || undefined }),
    [period, keyId],
  );
  const rows = usage.value?.rows;
  const operations = [...new Set(rows?.map((row) => row.operation) ?? [])].sort();
  return (
    <Page title="Usage">
      <form class="filters" onSubmit={(event) => event.preventDefault()}>
        <div class="field">
          <label for="usage-period">Period</label>
          <select id="usage-period" value={period} onChange={(event) => setPeriod(event.currentTarget.value)}>
            {Object.entries(PERIODS).map(([value, { label }]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="usage-key">Key</label>
          <select id="usage-key" value={keyId} onChange={(event) => setKeyId(event.currentTarget.value)}>
            <option value="">every key</option>
            {keys.value?.keys.map((key) => (
              <option key={key.id} value={key.id}>
                {key.name ?? key.prefix} ({key.prefix})
              </option>
            ))}
          </select>
        </div>
      </form>
      <Problem error={usage.error ?? keys.error} />
      {usage.loaded && usage.value === undefined && usage.error === undefined && <p>This service does not meter usage yet.</p>}
      {rows && (
        <BarChart
          label={`Calls, ${chosen.label}`}
          points={series(rows, hoursAgo(chosen.hours), new Date(), chosen.granularity)}
          granularity={chosen.granularity}
        />
      )}
      {operations.map((operation) => (
        <BarChart
          key={operation}
          label={`${operation}, ${chosen.label}`}
          points={series(rows?.filter((row) => row.operation === operation) ?? [], hoursAgo(chosen.hours), new Date(), chosen.granularity)}
          granularity={chosen.granularity}
        />
      ))}
      <DeprecationReport />
    </Page>
  );
}
