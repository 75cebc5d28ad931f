// CPU accounting shared by the benchmarks: /proc jiffies of the whole machine and of our processes.
import { readFileSync } from 'node:fs';

const CLK_TCK = 100;
const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Busy jiffies of the whole machine and CPU jiffies of the given processes ({ name: pid }). */
export function cpuSnapshot(pids) {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3] + (fields[4] ?? 0);
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  const procs = {};
  for (const [name, pid] of Object.entries(pids)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs[name] = Number(rest[11]) + Number(rest[12]);
    } catch {
      procs[name] = null;
    }
  }
  return { at: performance.now(), busy: total - idle, procs };
}

/** Cores in use between two snapshots: whole machine, each of our processes, and everything else. */
export function cpuUsage(before, after) {
  const seconds = (after.at - before.at) / 1000;
  const cores = (jiffies) => round(jiffies / CLK_TCK / seconds, 2);
  const usage = { machineCores: cores(after.busy - before.busy) };
  let ours = 0;
  for (const name of Object.keys(after.procs)) {
    if (after.procs[name] === null || before.procs[name] === null || before.procs[name] === undefined) continue;
    usage[`${name}Cores`] = cores(after.procs[name] - before.procs[name]);
    ours += after.procs[name] - before.procs[name];
  }
  usage.otherCores = cores(after.busy - before.busy - ours);
  return usage;
}

/** Cores used between two snapshots by the processes whose names match `pattern`, summed before rounding. */
export function groupCores(before, after, pattern) {
  const seconds = (after.at - before.at) / 1000;
  let jiffies = 0;
  for (const name of Object.keys(after.procs)) {
    if (pattern.test(name) && after.procs[name] !== null && typeof before.procs[name] === 'number')
      jiffies += after.procs[name] - before.procs[name];
  }
  return round(jiffies / CLK_TCK / seconds, 3);
}
