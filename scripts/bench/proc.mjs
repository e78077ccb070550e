// Peak memory of a process tree, read from /proc (Linux). A build starts worker processes (Rspack
// threads live in the main process, but SWC/minifier pools and search indexers may fork), so the
// figure is the largest sum of resident memory over the root process and all its descendants.
import fs from 'node:fs';

/**
 * Parses /proc/<pid>/stat. The command name (field 2) is in parentheses and may itself contain spaces
 * or parentheses, so the fields after it are read from the last ')'.
 */
export function parseStat(text) {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  const pid = Number(text.slice(0, open).trim());
  const rest = text
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  // rest[i] is field i + 3 of proc(5): the state, the parent pid, …, utime (14) and stime (15) in ticks.
  const ppid = Number(rest[1]);
  if (!Number.isInteger(pid) || !Number.isInteger(ppid)) return null;
  const cpuTicks = Number(rest[11]) + Number(rest[12]);
  return {pid, ppid, name: text.slice(open + 1, close), cpuTicks: Number.isFinite(cpuTicks) ? cpuTicks : 0};
}

/** Resident memory in bytes from /proc/<pid>/status (`VmRSS:  123456 kB`); null for kernel threads or zombies. */
export function parseStatusRss(text) {
  const match = /^VmRSS:\s+(\d+)\s+kB\s*$/m.exec(text);
  return match ? Number(match[1]) * 1024 : null;
}

/** The root and every descendant of it, given a map child pid → parent pid. */
export function descendantsOf(rootPid, parentOf) {
  const children = new Map();
  for (const [pid, ppid] of parentOf) {
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(pid);
  }
  const tree = new Set([rootPid]);
  const queue = [rootPid];
  while (queue.length) {
    for (const child of children.get(queue.pop()) ?? []) {
      if (!tree.has(child)) {
        tree.add(child);
        queue.push(child);
      }
    }
  }
  return tree;
}

function readOrNull(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null; // the process ended between listing and reading
  }
}

/** USER_HZ: the unit of utime/stime in /proc; 100 on every mainstream Linux architecture. */
const TICKS_PER_SECOND = 100;

/** The tree rooted at rootPid right now: summed VmRSS, and CPU ticks used so far by each process. */
export function sampleTree(rootPid) {
  const stats = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readOrNull(`/proc/${entry}/stat`);
    const parsed = stat && parseStat(stat);
    if (parsed) stats.set(parsed.pid, parsed);
  }
  const parentOf = new Map([...stats.values()].map((p) => [p.pid, p.ppid]));
  let rssBytes = 0;
  const cpuTicks = new Map();
  for (const pid of descendantsOf(rootPid, parentOf)) {
    const status = readOrNull(`/proc/${pid}/status`);
    // Not `status && …`: an empty status file would add '' and turn the sum into a string.
    rssBytes += (status ? parseStatusRss(status) : null) ?? 0;
    if (stats.has(pid)) cpuTicks.set(pid, stats.get(pid).cpuTicks);
  }
  return {rssBytes, cpuTicks};
}

/**
 * Polls the tree every intervalMs until stop(), which returns {peakBytes, cpuSeconds}. CPU time is
 * less sensitive than wall time to other work on the machine; being sampled, it misses processes
 * that live less than one interval and the root's last interval.
 */
export function watchTree(rootPid, intervalMs = 100) {
  let peakBytes = 0;
  const ticks = new Map(); // pid → last CPU ticks seen
  const sample = () => {
    const now = sampleTree(rootPid);
    peakBytes = Math.max(peakBytes, now.rssBytes);
    for (const [pid, t] of now.cpuTicks) ticks.set(pid, Math.max(ticks.get(pid) ?? 0, t));
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const totalTicks = [...ticks.values()].reduce((a, b) => a + b, 0);
      return {peakBytes, cpuSeconds: totalTicks / TICKS_PER_SECOND};
    },
  };
}
