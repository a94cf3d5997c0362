/** Load generators: wrk over HTTP, and the same number of concurrent in-process callers. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

export interface Measurement {
  requestsPerSecond: number;
  /** Requests answered in the measurement. */
  requests: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** In process only: this process's CPU time per call (ms), PGlite's queries included. */
  cpuMsPerRequest?: number;
  /** The server's peak resident memory during the measurement (MB), when its process was watched. */
  rssMb?: number;
}

export interface HttpLoad {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /**
   * A new path for every request (cache-hostile mixes); without it every request asks for `url`.
   * Called ahead of the load for as many paths as it could ask for, which are asked in that order.
   */
  nextPath?: () => string;
  /** The server process whose resident memory is sampled while the load runs (Linux /proc). */
  pid?: number;
}

/** Resident set size of a process in MB, from /proc (null where there is none). */
export function rssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/** How long a clock tick of /proc's CPU times is (Linux: 100 a second). */
const TICK_MS = 10;

/**
 * CPU time a process has used so far, user and system, in milliseconds (Linux /proc; 0 where there
 * is none, such as a process that has ended).
 */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * Reports what wrk measured as one line: requests, microseconds, socket errors and timeouts, answers
 * other than 2xx or 3xx, and the 50th and 99th percentile latencies in microseconds. With WRK_PATHS
 * set, the requests ask for the paths listed in that file, one a line, in order.
 */
const wrkScript = `
local paths, i = {}, 0
local list = os.getenv("WRK_PATHS")
if list and list ~= "" then
  for line in io.lines(list) do paths[#paths + 1] = line end
  request = function()
    i = i % #paths + 1
    return wrk.format(nil, paths[i])
  end
end
done = function(summary, latency)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %d %d %d\\n", summary.requests, summary.duration,
    e.connect + e.read + e.write + e.timeout, e.status, latency:percentile(50), latency:percentile(99)))
end
`;

/** Paths asked for every second a load runs, at most, before a list of paths starts over. */
const PATHS_PER_SECOND = 10_000;

/**
 * `connections` connections asking for `url` (or the paths of `nextPath`) for `seconds`, through wrk:
 * a load generator in C that needs a fraction of the CPU a Node one does, so on a machine of two cores
 * it takes little from the server it measures (decision 0026).
 */
export async function measureHttp(
  url: string,
  { connections, seconds, headers = {}, nextPath, pid }: HttpLoad,
): Promise<Measurement> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
  const script = path.join(dir, 'load.lua');
  writeFileSync(script, wrkScript);
  let paths = '';
  if (nextPath) {
    paths = path.join(dir, 'paths.txt');
    writeFileSync(paths, Array.from({ length: seconds * PATHS_PER_SECOND }, nextPath).join('\n') + '\n');
  }
  let peak = 0;
  const sample = () => {
    if (pid !== undefined) peak = Math.max(peak, rssMb(pid) ?? 0);
  };
  const sampler = setInterval(sample, 250);
  try {
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script];
    for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
    const output = await run('wrk', [...args, url], { ...process.env, WRK_PATHS: paths });
    sample();
    const line = /^RESULT (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)$/m.exec(output);
    if (!line) throw new Error(`wrk answered nothing the bench can read:\n${output}`);
    const [requests, micros, failed, non2xx, p50, p99] = line.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    return {
      requestsPerSecond: Math.round(requests / (micros / 1e6)),
      requests,
      p50Ms: Math.round(p50 / 100) / 10,
      p99Ms: Math.round(p99 / 100) / 10,
      // Timeouts are counted in `errors`; requests still unanswered when the time ends are not.
      errors: failed + non2xx,
      ...(pid !== undefined ? { rssMb: peak } : {}),
    };
  } finally {
    clearInterval(sampler);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A command's standard output once it has exited well; a missing wrk says how to install it. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error('the bench measures HTTP with wrk: install it first (Debian: apt-get install wrk)')
          : error,
      ),
    );
    // 'close', not 'exit': the output may still be arriving when the process has exited.
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} exited with ${code}:\n${output}`)),
    );
  });
}

/** `connections` concurrent callers of `task` for `seconds`: the ceiling without HTTP. */
export async function measureInProcess(
  task: () => Promise<unknown>,
  { connections, seconds }: { connections: number; seconds: number },
): Promise<Measurement> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      try {
        await task();
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
  return {
    requestsPerSecond: Math.round(latencies.length / elapsed),
    requests: latencies.length,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    errors,
    cpuMsPerRequest:
      Math.round(((used.user + used.system) / 1000 / Math.max(1, latencies.length)) * 1000) / 1000,
  };
}
