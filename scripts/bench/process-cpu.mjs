/**
 * CPU time of the site's processes, read from /proc (Linux), so a benchmark
 * can say which process the cores went to: the API, the web server or the
 * load generator itself, which shares the machine; and the machine's dropped
 * connections.
 */
import { existsSync, readFileSync } from 'node:fs';

const CLOCK_TICKS = 100; // USER_HZ on Linux, what /proc/<pid>/stat counts in

function childrenOf(pid) {
  const file = `/proc/${pid}/task/${pid}/children`;
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

/**
 * A process's name for a table: the script it runs (`src/main.ts`, `web/server.mjs`, …), else its command.
 * The last script argument, since loaders (`--import …/loader.mjs`) come before it.
 */
function nameOf(pid) {
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  const script = args.findLast((a) => /\.(m?[jt]s)$/.test(a));
  return (script ?? args[0] ?? String(pid)).split('/').slice(-2).join('/');
}

/** `pid` and every process below it, with its name; [] where /proc cannot tell (not Linux, or gone). */
export function processTree(pid) {
  if (!pid || !existsSync(`/proc/${pid}`)) return [];
  const tree = [];
  const walk = (p) => {
    try {
      tree.push({ pid: p, name: nameOf(p) });
    } catch {
      return; // ended meanwhile
    }
    for (const child of childrenOf(p)) walk(child);
  };
  walk(pid);
  return tree;
}

/** User + system CPU seconds a process has used so far (0 once it is gone). */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** This process's own CPU seconds (the load generator). */
export const ownCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** A reading of every process of `tree` and of this one, for `cpuShares`. */
export function cpuReading(tree) {
  return { self: ownCpuSeconds(), byPid: new Map(tree.map((p) => [p.pid, cpuSeconds(p.pid)])) };
}

/** Cores used between two readings over `seconds`, per process name (those that used any) and by this process. */
export function cpuShares(tree, before, after, seconds) {
  const shares = tree
    .map((p) => ({ name: p.name, cores: ((after.byPid.get(p.pid) ?? 0) - (before.byPid.get(p.pid) ?? 0)) / seconds }))
    .filter((s) => s.cores >= 0.01);
  shares.push({ name: 'load generator (this bench)', cores: (after.self - before.self) / seconds });
  return shares;
}

/**
 * The machine's count of connections dropped because a listening socket's accept queue was full
 * (TcpExtListenOverflows; Node listens with a backlog of 511), or null where /proc cannot tell. A burst of
 * new connections past it is retried by the client's TCP after 1, 3, 7… seconds: a stall no server log shows.
 * Machine-wide: other work on the machine counts too.
 */
export function listenOverflows() {
  try {
    const [names, values] = readFileSync('/proc/net/netstat', 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('TcpExt:'))
      .map((l) => l.split(/\s+/));
    const at = names.indexOf('ListenOverflows');
    return at < 0 ? null : Number(values[at]);
  } catch {
    return null;
  }
}
