/**
 * Resident memory of a whole process group, read from /proc (Linux): what `npm start`
 * costs a machine is npm, its shell and every node process it starts, not one of them.
 */
import { readdir, readFile } from 'node:fs/promises';

/** The process group of a process: field 5 of /proc/<pid>/stat, after the `(comm)` field. */
function groupOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[2]);
}

/** VmRSS of /proc/<pid>/status, bytes (0 for a zombie, which has none). */
function residentBytes(status: string): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  return match?.[1] ? Number(match[1]) * 1024 : 0;
}

/** One look at a process group: its processes and their summed resident memory. */
export interface GroupRss {
  /** Summed VmRSS of the group's processes, bytes. */
  bytes: number;
  /** The group's process ids, at that moment. */
  pids: number[];
}

/**
 * Sums the resident memory (VmRSS) of every process in process group `pgid`. A process
 * that exits while it is read is skipped. Shared pages (the node binary of two processes)
 * count once per process, as `ps` and most monitoring count them.
 */
export async function processGroupRss(pgid: number): Promise<GroupRss> {
  const entries = await readdir('/proc');
  let bytes = 0;
  const pids: number[] = [];
  await Promise.all(
    entries
      .filter((entry) => /^\d+$/.test(entry))
      .map(async (entry) => {
        try {
          const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
          if (groupOf(stat) !== pgid) return;
          const status = await readFile(`/proc/${entry}/status`, 'utf8');
          bytes += residentBytes(status);
          pids.push(Number(entry));
        } catch {
          // Gone meanwhile.
        }
      }),
  );
  return { bytes, pids: pids.sort((a, b) => a - b) };
}

/** A running sampler of a process group's memory (see {@link sampleProcessGroupRss}). */
export interface RssSampler {
  /** The highest sum seen so far, bytes. */
  peak(): number;
  /** Samples taken since the last `mark()` (or the start), bytes each. */
  sinceMark(): number[];
  /** Starts a new window for {@link sinceMark}. */
  mark(): void;
  /** Stops sampling; resolves once the sample in progress is done. */
  stop(): Promise<void>;
}

/**
 * Samples the summed RSS of process group `pgid` every `intervalMs` (default 50) until
 * stopped, keeping the peak: short start-up spikes (a build, a migration) between two
 * samples can be missed, so the interval is small.
 */
export function sampleProcessGroupRss(pgid: number, intervalMs = 50): RssSampler {
  let peak = 0;
  let window: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { bytes } = await processGroupRss(pgid);
      peak = Math.max(peak, bytes);
      window.push(bytes);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    peak: () => peak,
    sinceMark: () => [...window],
    mark: () => {
      window = [];
    },
    async stop() {
      stopped = true;
      await loop;
    },
  };
}
