/** Load generators: autocannon over HTTP, and the same number of concurrent in-process callers. */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

export interface Measurement {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** The server's peak resident memory during the measurement (MB), when its process was watched. */
  rssMb?: number;
}

export interface HttpLoad {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /**
   * A new path for every request (cache-hostile mixes); without it every request asks for `url`.
   * Called once per request, in any order across connections.
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

export async function measureHttp(
  url: string,
  { connections, seconds, headers = {}, nextPath, pid }: HttpLoad,
): Promise<Measurement> {
  let peak = 0;
  const sample = () => {
    if (pid !== undefined) peak = Math.max(peak, rssMb(pid) ?? 0);
  };
  const sampler = setInterval(sample, 250);
  try {
    const result = await autocannon({
      url,
      connections,
      duration: seconds,
      headers,
      ...(nextPath
        ? {
            requests: [
              {
                method: 'GET',
                setupRequest: (request: autocannon.Request) => ({ ...request, path: nextPath() }),
              },
            ],
          }
        : {}),
    });
    sample();
    return {
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      // Timeouts are counted in `errors`; requests still unanswered when the time ends are not.
      errors: result.errors + result.non2xx,
      ...(pid !== undefined ? { rssMb: peak } : {}),
    };
  } finally {
    clearInterval(sampler);
  }
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
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
  return {
    requestsPerSecond: Math.round(latencies.length / elapsed),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    errors,
  };
}
