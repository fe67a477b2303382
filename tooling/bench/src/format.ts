/** How figures are written in the report. */

export const DASH = '—';

/** Whole numbers with thousands separators: 12,345. */
export function formatCount(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : DASH;
}

/** Milliseconds with precision suited to their size: 0.412, 3.21, 45.6, 1,234. */
export function formatMs(value: number): string {
  if (!Number.isFinite(value)) return DASH;
  if (value < 1) return value.toFixed(3);
  if (value < 10) return value.toFixed(2);
  if (value < 100) return value.toFixed(1);
  return formatCount(value);
}

export function formatRatio(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : DASH;
}

/** A share of one CPU as a whole percentage: 0.987 → 99. */
export function formatPercent(share: number): string {
  return Number.isFinite(share) ? Math.round(share * 100).toString() : DASH;
}

export function formatMiB(bytes: number | undefined): string {
  return bytes === undefined || !Number.isFinite(bytes) ? DASH : (bytes / 2 ** 20).toFixed(0);
}

export function formatGiB(bytes: number): string {
  return Number.isFinite(bytes) ? (bytes / 2 ** 30).toFixed(1) : DASH;
}

/** A markdown table; pipes inside cells are escaped so a cell never splits. */
export function markdownTable(header: string[], rows: string[][], align: ('left' | 'right')[] = []): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const line = (cells: string[]) => `| ${cells.map(escape).join(' | ')} |`;
  const rule = header.map((_, i) => (align[i] === 'right' ? '---:' : '---'));
  return [line(header), `| ${rule.join(' | ')} |`, ...rows.map(line)].join('\n');
}
