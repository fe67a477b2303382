/**
 * Calls over time as an SVG of bars, drawn here (no chart library: a few bars need none). The
 * figure is described by its caption and a table that screen readers (and curious people) read.
 */
export function BarChart({
  label,
  points,
  granularity,
}: {
  label: string;
  points: Array<{ start: Date; count: number }>;
  granularity: 'hour' | 'day';
}) {
  const width = 600;
  const height = 160;
  const max = Math.max(1, ...points.map((point) => point.count));
  const bar = width / Math.max(1, points.length);
  const name = (start: Date) =>
    granularity === 'hour' ? start.toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' }) : start.toLocaleDateString();
  const total = points.reduce((sum, point) => sum + point.count, 0);
  return (
    <figure class="chart">
      <svg
        viewBox={`0 0 ${width} ${height + 2}`}
        role="img"
        aria-label={`${label}: ${total} calls in all, at most ${max} in one ${granularity}`}
        preserveAspectRatio="none"
      >
        {points.map((point, index) => {
          const barHeight = (point.count / max) * height;
          return (
            <rect key={point.start.getTime()} x={index * bar + 1} y={height - barHeight} width={Math.max(1, bar - 2)} height={barHeight} class="bar">
              <title>{`${name(point.start)}: ${point.count}`}</title>
            </rect>
          );
        })}
        <line x1="0" y1={height + 1} x2={width} y2={height + 1} class="axis" />
      </svg>
      <figcaption>
        {label}: {total} calls
      </figcaption>
      <details>
        <summary>As a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{granularity === 'hour' ? 'Hour' : 'Day'}</th>
              <th scope="col">Calls</th>
            </tr>
          </thead>
          <tbody>
            {points
              .filter((point) => point.count > 0)
              .map((point) => (
                <tr key={point.start.getTime()}>
                  <td>{name(point.start)}</td>
                  <td>{point.count}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
