import { fetchDeprecations } from '../deprecations.js';
import { Problem } from './problem.js';
import { useLoad } from './use-load.js';
import { when } from './when.js';

/** Each deprecated operation: its sunset, what replaces it, and the keys that still call it. */
export function DeprecationReport() {
  const report = useLoad(fetchDeprecations);
  if (!report.loaded || (report.value === undefined && report.error === undefined)) return null;
  return (
    <section aria-labelledby="deprecations">
      <h2 id="deprecations">Deprecated operations</h2>
      <Problem error={report.error} />
      {report.value?.map((entry) => (
        <div class="card notice" key={entry.operation}>
          <p>
            <code>{entry.operation}</code> is removed on {when(entry.sunset)} ({entry.daysLeft} days left). Use instead:{' '}
            {entry.replacement.join(', ')}.
          </p>
          {entry.calls.length === 0 ? (
            <p>None of your keys called it in the last 30 days.</p>
          ) : (
            <ul>
              {entry.calls.map((call) => (
                <li key={`${call.keyId} ${call.door}`}>
                  key {call.keyId} through {call.door}: {call.count} calls in the last 30 days
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}
