/**
 * A deadline for the process to be gone, kept by a thread of its own. The main thread may be stuck
 * where no timer of its own can fire: above all a log line written synchronously to a pipe that nobody
 * reads (a full pipe blocks the write, and the logger then waits for it). When the deadline passes the
 * thread kills the process, whatever the main thread is doing.
 */
import { Worker } from 'node:worker_threads';

const watchdog = `
const { workerData } = require('node:worker_threads');
setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.ms);
`;

/** Kills this process `ms` from now unless it has exited by then. */
export function exitWithin(ms: number): void {
  const worker = new Worker(watchdog, { eval: true, workerData: { pid: process.pid, ms } });
  // It must not keep the process alive by itself, only end it.
  worker.unref();
}
