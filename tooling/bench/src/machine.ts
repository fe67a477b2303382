import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryBytes: number;
  node: string;
  kernel: string;
  /** 1-minute load average when the run started: above ~0.5 the figures are noisy. */
  loadAverage: number;
  date: Date;
}

export function describeMachine(now = new Date()): MachineInfo {
  let cpuModel = os.cpus()[0]?.model ?? 'unknown';
  try {
    cpuModel = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpuModel;
  } catch {
    // not Linux: os.cpus() is as good as it gets
  }
  return {
    cpus: os.availableParallelism(),
    cpuModel,
    memoryBytes: os.totalmem(),
    node: process.version,
    kernel: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg()[0] ?? Number.NaN,
    date: now,
  };
}
