import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'preact/hooks';
import type { Granularity, UsagePoint } from '../usage.js';
import { plural } from './plural.js';

// Only the parts these charts draw, so the bundle carries no more of Chart.js. Chart.js draws on a
// canvas and sizes it through the CSS object model, which the portal's CSP allows: no inline style.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** The two stacks, in colours told apart with the commonest colour blindness too (blue and orange). */
const SERVED = { label: 'served', colour: '#0b5cad' };
const REFUSED = { label: 'refused', colour: '#d9730d' };
const INK = '#4a5360';

/** A bucket's start as its axis tick: days are UTC days (as the API counts them), hours the reader's own. */
function bucketName(start: Date, granularity: Granularity): string {
  return granularity === 'hour'
    ? start.toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })
    : start.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/**
 * Calls over time, served and refused stacked, with dated x and counted y axes; `max` is the top
 * of the y axis, shared by every chart of a page so that their bars compare. The canvas says in
 * words what it shows, and a table beside it holds every number, for screen readers and for
 * anyone who wants the figures.
 */
export function UsageChart({ title, points, granularity, max }: { title: string; points: UsagePoint[]; granularity: Granularity; max: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const labels = points.map(({ start }) => bucketName(start, granularity));
  const served = points.reduce((sum, point) => sum + point.served, 0);
  const refused = points.reduce((sum, point) => sum + point.refused, 0);
  const bucket = granularity === 'hour' ? 'Hour' : 'Day (UTC)';
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels,
        datasets: [
          {
            label: SERVED.label,
            data: points.map((point) => point.served),
            backgroundColor: SERVED.colour,
            barPercentage: 1,
            categoryPercentage: 0.85,
          },
          {
            label: REFUSED.label,
            data: points.map((point) => point.refused),
            backgroundColor: REFUSED.colour,
            barPercentage: 1,
            categoryPercentage: 0.85,
          },
        ],
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        color: INK,
        font: { family: 'system-ui, sans-serif' },
        scales: {
          x: { stacked: true, title: { display: true, text: bucket, color: INK }, ticks: { color: INK, maxRotation: 0, autoSkipPadding: 16 } },
          y: { stacked: true, min: 0, max, title: { display: true, text: 'Calls', color: INK }, ticks: { color: INK, precision: 0 } },
        },
        plugins: { legend: { position: 'top', align: 'end', labels: { color: INK, boxWidth: 12 } } },
      },
    });
    return () => chart.destroy();
  }, [points, max, granularity]);
  const span = points.length > 0 ? `${labels[0]} to ${labels.at(-1)}` : 'no time';
  return (
    <figure class="usage-chart">
      <figcaption>
        {title}: {plural(served + refused, 'call')}
        {refused > 0 && `, ${refused} refused`}
      </figcaption>
      <div class="usage-chart-canvas">
        <canvas
          ref={canvas}
          role="img"
          aria-label={`${title}, bars per ${bucket.toLowerCase()} from ${span} on the x axis, calls from 0 to ${max} on the y axis: ${served} served and ${refused} refused, stacked.`}
        />
      </div>
      <details>
        <summary>{title} as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{bucket}</th>
              <th scope="col">Served</th>
              <th scope="col">Refused</th>
            </tr>
          </thead>
          <tbody>
            {points
              .filter((point) => point.served + point.refused > 0)
              .map((point) => (
                <tr key={point.start.getTime()}>
                  <td>{bucketName(point.start, granularity)}</td>
                  <td>{point.served}</td>
                  <td>{point.refused}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
