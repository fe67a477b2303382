import type { ComponentChildren } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { Names } from '../names.js';
import { breakdown, fetchUsage, hoursAgo, type Granularity } from '../usage.js';
import { Problem } from './problem.js';
import { UsageChart } from './usage-chart.js';
import { useLoad } from './use-load.js';

const PERIODS: Record<string, { hours: number; granularity: Granularity; label: string }> = {
  '2d': { hours: 48, granularity: 'hour', label: 'the last two days, by hour' },
  '30d': { hours: 30 * 24, granularity: 'day', label: 'the last 30 days, by day' },
  '90d': { hours: 90 * 24, granularity: 'day', label: 'the last 90 days, by day' },
};

/**
 * A period's calls, charted in all, per operation and (for every key) per key, on one scale.
 * `filters` are further fields of the filter form (the usage page's choice of key); `names` name
 * the keys of the per-key charts; `level` is the rank of its headings, under the page's own.
 */
export function UsageReport({
  keyId,
  names,
  filters,
  level,
}: {
  keyId?: string | undefined;
  names?: Names | undefined;
  filters?: ComponentChildren;
  level: 'h2' | 'h3';
}) {
  const Heading = level;
  const [period, setPeriod] = useState('2d');
  const chosen = PERIODS[period] ?? PERIODS['2d']!;
  const usage = useLoad(
    () => fetchUsage({ from: hoursAgo(chosen.hours), granularity: chosen.granularity, keyId: keyId || undefined }),
    [period, keyId],
  );
  const charted = useMemo(
    () => usage.value && breakdown(usage.value.rows, hoursAgo(chosen.hours), new Date(), chosen.granularity),
    [usage.value, chosen],
  );
  const chart = (title: string, points: NonNullable<typeof charted>['total']) => (
    <UsageChart key={title} title={title} points={points} granularity={chosen.granularity} max={charted?.max ?? 1} />
  );
  return (
    <>
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
        {filters}
      </form>
      <Problem error={usage.error} />
      {usage.loaded && usage.value === undefined && usage.error === undefined && <p>This service does not meter usage yet.</p>}
      {charted && (
        <>
          {chart(`Calls, ${chosen.label}`, charted.total)}
          {charted.byOperation.length > 0 && (
            <>
              <Heading>Per operation</Heading>
              <p class="hint">Every chart here has the same scale, so their bars compare.</p>
              <div class="chart-grid">{charted.byOperation.map(({ name, points }) => chart(name, points))}</div>
            </>
          )}
          {!keyId && charted.byKey.length > 0 && (
            <>
              <Heading>Per key</Heading>
              <div class="chart-grid">{charted.byKey.map(({ name, points }) => chart(`key ${names?.key(name) ?? name}`, points))}</div>
            </>
          )}
        </>
      )}
    </>
  );
}
