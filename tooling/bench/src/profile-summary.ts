/** Reads a V8 .cpuprofile (node --cpu-prof) and tells where the busy time went. */

export interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
  hitCount?: number;
  children?: number[];
}

export interface CpuProfile {
  nodes: CpuProfileNode[];
  samples: number[];
  timeDeltas?: number[];
  startTime?: number;
  endTime?: number;
}

export interface FrameShare {
  /** `function file:line`, or a V8 pseudo-frame such as `(garbage collector)`. */
  frame: string;
  module: string;
  /** Share of busy samples, 0 to 1. */
  share: number;
}

export interface ProfileSummary {
  samples: number;
  /** Share of all samples spent idle (waiting for I/O). */
  idle: number;
  topSelf: FrameShare[];
  topInclusive: FrameShare[];
  byModule: { module: string; share: number }[];
}

const IDLE = '(idle)';
const ROOT = '(root)';

/**
 * Where a script comes from: `node:http`-style for Node's own modules, the package name for
 * anything under node_modules, `@petstore/<folder>` for the workspace, else the pseudo-frame name.
 */
export function moduleOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) {
    const path = url.slice('node:'.length);
    return path.startsWith('internal/') ? `node:${path.split('/').slice(0, 2).join('/')}` : `node:${path.split('/')[0] ?? path}`;
  }
  const path = url.replace(/^file:\/\//, '');
  const last = path.lastIndexOf('/node_modules/');
  if (last !== -1) {
    const [first = '', second = ''] = path.slice(last + '/node_modules/'.length).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  const workspace = /\/(apps|packages|tooling)\/([^/]+)\//.exec(path);
  return workspace ? `@petstore/${workspace[2] ?? ''}` : path;
}

/** A short place for a frame: the path inside its package, with a 1-based line. */
export function shortLocation(url: string, lineNumber: number): string {
  if (url === '') return '';
  const path = url.replace(/^file:\/\//, '');
  const last = path.lastIndexOf('/node_modules/');
  const workspace = /\/((?:apps|packages|tooling)\/.+)$/.exec(path);
  const short = last !== -1 ? path.slice(last + '/node_modules/'.length) : (workspace?.[1] ?? path);
  return `${short}:${lineNumber + 1}`;
}

const frameName = (node: CpuProfileNode): string => {
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName === '' ? '(anonymous)' : functionName;
  return url === '' ? name : `${name} ${shortLocation(url, lineNumber)}`;
};

/** [start, end] in microseconds of the monotonic clock that both process.hrtime and V8's profiler read. */
export type Window = readonly [number, number];

/**
 * The samples taken inside the windows (all of them without windows): a profile covers the
 * child's whole life, and only the measured runs should count, not start-up or other targets' turns.
 */
export function samplesWithin(profile: CpuProfile, windows: readonly Window[] | undefined): number[] {
  if (!windows || !profile.timeDeltas || profile.startTime === undefined) return profile.samples;
  const kept: number[] = [];
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    time += profile.timeDeltas[i] ?? 0;
    if (windows.some(([start, end]) => time >= start && time <= end)) kept.push(profile.samples[i] as number);
  }
  return kept;
}

export function summarizeProfile(profile: CpuProfile, options: { top?: number; windows?: readonly Window[] } = {}): ProfileSummary {
  const top = options.top ?? 15;
  const samples = samplesWithin(profile, options.windows);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfCount = new Map<number, number>();
  for (const id of samples) selfCount.set(id, (selfCount.get(id) ?? 0) + 1);

  let idle = 0;
  for (const [id, count] of selfCount) if (byId.get(id)?.callFrame.functionName === IDLE) idle += count;
  const busy = samples.length - idle;

  const self = new Map<string, { module: string; count: number }>();
  const modules = new Map<string, number>();
  const inclusive = new Map<string, { module: string; count: number }>();
  const add = (map: Map<string, { module: string; count: number }>, frame: string, module: string, count: number) => {
    const entry = map.get(frame);
    if (entry) entry.count += count;
    else map.set(frame, { module, count });
  };

  // Depth-first from the root, carrying the frames on the stack so recursion counts once.
  const root = profile.nodes.find((node) => node.callFrame.functionName === ROOT) ?? profile.nodes[0];
  const stack: { node: CpuProfileNode; onStack: Set<string> }[] = root ? [{ node: root, onStack: new Set() }] : [];
  while (stack.length > 0) {
    const { node, onStack } = stack.pop() as { node: CpuProfileNode; onStack: Set<string> };
    const name = node.callFrame.functionName;
    const frame = frameName(node);
    const module = moduleOf(node.callFrame.url, name);
    const count = selfCount.get(node.id) ?? 0;
    const here = new Set(onStack);
    if (name !== ROOT && name !== IDLE) here.add(frame);
    if (count > 0 && name !== IDLE && name !== ROOT) {
      add(self, frame, module, count);
      modules.set(module, (modules.get(module) ?? 0) + count);
      for (const onPath of here) add(inclusive, onPath, '', count);
    }
    for (const child of node.children ?? []) {
      const next = byId.get(child);
      if (next) stack.push({ node: next, onStack: here });
    }
  }
  for (const [frame, entry] of inclusive) entry.module = self.get(frame)?.module ?? moduleOfFrame(frame, profile);

  const share = (count: number) => (busy > 0 ? count / busy : 0);
  const ranked = (map: Map<string, { module: string; count: number }>, keep: (module: string) => boolean = () => true) =>
    [...map.entries()]
      .filter(([, entry]) => keep(entry.module))
      .sort((a, b) => b[1].count - a[1].count)
      .slice(0, top)
      .map(([frame, entry]) => ({ frame, module: entry.module, share: share(entry.count) }));
  return {
    samples: samples.length,
    idle: samples.length > 0 ? idle / samples.length : 0,
    topSelf: ranked(self),
    // Node's own frames (the HTTP parser, streams, the event loop) enclose everything: leave them out.
    topInclusive: ranked(inclusive, (module) => !module.startsWith('node:') && !module.startsWith('(')),
    byModule: [...modules.entries()].sort((a, b) => b[1] - a[1]).map(([module, count]) => ({ module, share: share(count) })),
  };
}

function moduleOfFrame(frame: string, profile: CpuProfile): string {
  const node = profile.nodes.find((n) => frameName(n) === frame);
  return node ? moduleOf(node.callFrame.url, node.callFrame.functionName) : '';
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The summary as markdown, for the profiles folder and the console. */
export function renderProfileSummary(title: string, summary: ProfileSummary): string {
  const table = (rows: FrameShare[]) =>
    ['| share | frame | module |', '| ---: | --- | --- |', ...rows.map((r) => `| ${percent(r.share)} | \`${r.frame}\` | ${r.module} |`)].join('\n');
  return [
    `### ${title}`,
    '',
    `${summary.samples.toLocaleString('en-US')} samples, ${percent(summary.idle)} idle; shares below are of busy samples.`,
    '',
    'By module (self time):',
    '',
    ['| share | module |', '| ---: | --- |', ...summary.byModule.slice(0, 15).map((m) => `| ${percent(m.share)} | ${m.module} |`)].join('\n'),
    '',
    'Top frames by self time:',
    '',
    table(summary.topSelf),
    '',
    'Top frames by inclusive time (libraries and workspace code):',
    '',
    table(summary.topInclusive),
    '',
  ].join('\n');
}
