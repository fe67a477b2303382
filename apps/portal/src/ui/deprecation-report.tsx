import { fetchDeprecations } from '../deprecations.js';
import type { Names } from '../names.js';
import { KeyName } from './key-name.js';
import { plural } from './plural.js';
import { Problem } from './problem.js';
import { useLoad } from './use-load.js';
import { when } from './when.js';

/** Each deprecated operation: its sunset, what replaces it at each door, and the keys that still call it. */
export function DeprecationReport({ names }: { names: Names | undefined }) {
  const report = useLoad(fetchDeprecations);
  if (!report.loaded || (report.value === undefined && report.error === undefined)) return null;
  return (
    <section aria-labelledby="deprecations">
      <h2 id="deprecations">Deprecated operations</h2>
      <Problem error={report.error} />
      {report.value?.operations.map((entry) => (
        <div class="card notice" key={entry.operation}>
          <p>
            <code>{entry.operation}</code> is removed on {when(entry.sunset)} ({plural(entry.daysLeft, 'day')} left). Call{' '}
            <code>{entry.replacement.operation}</code> instead.
          </p>
          {entry.replacement.calls && (
            <ul>
              <li>REST: {entry.replacement.calls.rest}</li>
              <li>GraphQL: {entry.replacement.calls.graphql}</li>
              <li>tRPC: {entry.replacement.calls.trpc}</li>
            </ul>
          )}
          {entry.callers.length === 0 ? (
            <p>None of your keys called it in the last 30 days.</p>
          ) : (
            <ul>
              {entry.callers.map((caller) => (
                <li key={`${caller.keyId} ${caller.door}`}>
                  key <KeyName keyId={caller.keyId} names={names} /> through {caller.door}: {plural(caller.calls, 'call')} in the last 30 days
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}
