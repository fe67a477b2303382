/** Rows as aligned columns, two spaces apart, with no trailing spaces. */
export function textTable(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

/** An instant to the minute, as listings show times: 2026-11-22T10:00Z. */
export function toMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16)}Z`;
}
