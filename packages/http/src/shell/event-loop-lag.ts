import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Gauge, type Registry } from 'prom-client';

/**
 * How often the event loop's delay is sampled. Not prom-client's default 10 ms: that timer alone woke
 * an idle instance 100 times a second (6 ms of CPU a second, against 1 ms at 100 ms), and under load
 * it woke the loop between requests as often; ten samples a second still show a stalled loop.
 */
const EVENT_LOOP_SAMPLE_MS = 100;

/** The figures prom-client's default metrics report of the loop's delay, each a gauge of its own name. */
export const LAG_FIGURES = ['min', 'max', 'mean', 'stddev', 'p50', 'p90', 'p99'] as const;
type Figure = (typeof LAG_FIGURES)[number];

export const lagMetricName = (figure: Figure): string => `nodejs_eventloop_lag_${figure}_seconds`;

/**
 * The event loop's lag under the names operators' dashboards know (nodejs_eventloop_lag_p50_seconds
 * and the rest), reported as the delay BEYOND the sampling interval. Node's histogram records the
 * whole time between two ticks of its timer, the interval included, and prom-client reports it as
 * it is: at its default 10 ms an idle process reads 0.010, at the 100 ms sampled here it read 0.100,
 * so a usual alert on lag fired at idle. Each scrape reads the figures since the previous one, as
 * prom-client's do; the first gauge's collect sets them all, so one reading serves every figure.
 */
export function registerEventLoopLag(registry: Registry): void {
  const histogram = monitorEventLoopDelay({ resolution: EVENT_LOOP_SAMPLE_MS });
  histogram.enable();
  const intervalNs = EVENT_LOOP_SAMPLE_MS * 1e6;
  const seconds = (ns: number): number => (Number.isFinite(ns) ? ns / 1e9 : 0);
  const beyondInterval = (ns: number): number => seconds(Math.max(0, ns - intervalNs));
  const gauges = new Map<Figure, Gauge>();
  const readAll = (): void => {
    const figures: Record<Figure, number> = {
      min: beyondInterval(histogram.min),
      max: beyondInterval(histogram.max),
      mean: beyondInterval(histogram.mean),
      stddev: seconds(histogram.stddev),
      p50: beyondInterval(histogram.percentile(50)),
      p90: beyondInterval(histogram.percentile(90)),
      p99: beyondInterval(histogram.percentile(99)),
    };
    for (const [figure, gauge] of gauges) gauge.set(figures[figure]);
    histogram.reset();
  };
  for (const figure of LAG_FIGURES) {
    const help = `The ${figure} of the event loop's delay beyond its ${EVENT_LOOP_SAMPLE_MS} ms sampling interval since the previous scrape, in seconds.`;
    gauges.set(figure, new Gauge({ name: lagMetricName(figure), help, registers: [registry], ...(figure === 'min' ? { collect: readAll } : {}) }));
  }
}
