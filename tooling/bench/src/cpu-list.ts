/**
 * Parses a Linux CPU list such as `0-3,8,10-11` (the format of Cpus_allowed_list in
 * /proc/<pid>/status and of `taskset -c`) into ascending CPU numbers.
 */
export function parseCpuList(text: string): number[] {
  const cpus = new Set<number>();
  for (const part of text.trim().split(',')) {
    if (part === '') continue;
    const match = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!match?.[1]) throw new Error(`not a CPU list: ${JSON.stringify(text)}`);
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    if (last < first) throw new Error(`not a CPU list: ${JSON.stringify(text)}`);
    for (let cpu = first; cpu <= last; cpu += 1) cpus.add(cpu);
  }
  return [...cpus].sort((a, b) => a - b);
}
