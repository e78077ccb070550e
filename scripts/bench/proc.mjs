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
  // rest[0] is the state, rest[1] the parent pid.
  const ppid = Number(rest[1]);
  if (!Number.isInteger(pid) || !Number.isInteger(ppid)) return null;
  return {pid, ppid, name: text.slice(open + 1, close)};
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

/** Sum of VmRSS over the tree rooted at rootPid, right now. */
export function treeRss(rootPid) {
  const parentOf = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readOrNull(`/proc/${entry}/stat`);
    const parsed = stat && parseStat(stat);
    if (parsed) parentOf.set(parsed.pid, parsed.ppid);
  }
  let total = 0;
  for (const pid of descendantsOf(rootPid, parentOf)) {
    const status = readOrNull(`/proc/${pid}/status`);
    total += (status && parseStatusRss(status)) ?? 0;
  }
  return total;
}

/** Polls the tree every intervalMs until stop() is called; stop() returns the peak in bytes. */
export function watchPeakRss(rootPid, intervalMs = 100) {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, treeRss(rootPid));
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}
