/*
 * The CPU time PostgreSQL's own processes use, for the benchmarks that run against the PostgreSQL server on this
 * machine (127.0.0.1): what the database spends beside the SignalDeck server's CPU. Read from /proc.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** CPU time used so far by each of PostgreSQL's processes, in microseconds, by process id. */
export function postgresCpu(): Map<string, number> {
  const byProcess = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended since the listing
    }
    if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
    // After the command: state is the 1st field, utime the 12th and stime the 13th (proc(5)'s fields 14 and 15).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    byProcess.set(pid, ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND) * 1e6);
  }
  return byProcess;
}

/** The CPU PostgreSQL's processes used between two readings (a process that ended in between is not counted). */
export function postgresCpuBetween(before: Map<string, number>, after: Map<string, number>): number {
  let microseconds = 0;
  for (const [pid, used] of after) microseconds += used - (before.get(pid) ?? 0);
  return microseconds;
}
