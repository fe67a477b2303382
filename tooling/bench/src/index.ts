// The harness's pure parts, for its tests and for anyone summarising results by hand.
export { withResults } from './benchmarks-file.js';
export { parseCpuList } from './cpu-list.js';
export { evaluateGoals, issueGoals, type Goal, type GoalResult } from './goals.js';
export { renderProfileSummary, summarizeProfile, type CpuProfile } from './profile-summary.js';
export { median, medianPairedRatio, percentileOfSorted, ratio, rotate } from './stats.js';
