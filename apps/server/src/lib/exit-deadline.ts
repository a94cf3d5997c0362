/**
 * A deadline for the process to be gone, kept by a small process of its own. The main thread may be
 * stuck where no timer of its own can fire (a log line written synchronously to a pipe nobody reads),
 * and `process.exit()` itself may take long: before the process ends, Node stops and joins every worker
 * thread, the V8 platform's threads and libuv's thread pool, each of which first finishes what it is
 * doing; on a loaded machine that took many seconds. A watchdog kept in a worker thread could not bound
 * that, since `process.exit()` stops worker threads first of all; a process of its own is outside it.
 * When the deadline passes it kills this process, whatever it is doing; once this process is gone
 * (its parent changes) it ends by itself, so it never outlives us and never signals another process.
 */
import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';

const watchdog = `
const pid = Number(process.env.WATCHED_PID);
const deadline = Number(process.env.WATCHED_DEADLINE);
const gone = () => process.ppid !== pid;
setInterval(() => { if (gone()) process.exit(0); }, 50);
setTimeout(() => {
  if (!gone()) { try { process.kill(pid, 'SIGKILL'); } catch {} }
  process.exit(0);
}, Math.max(0, deadline - Date.now()));
`;

/** The same in a thread, only when no process can be started (its join at exit is then unbounded). */
const threadWatchdog = `
const { workerData } = require('node:worker_threads');
setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), Math.max(0, workerData.deadline - Date.now()));
`;

/** Kills this process `ms` from now unless it has exited by then. */
export function exitWithin(ms: number): void {
  // An absolute time, so a watchdog slow to start on a busy machine does not move the deadline.
  const deadline = Date.now() + ms;
  const child = spawn(process.execPath, ['-e', watchdog], {
    // Only what it needs: the environment may hold secrets.
    env: { WATCHED_PID: String(process.pid), WATCHED_DEADLINE: String(deadline) },
    stdio: 'ignore',
    // Its own session: a Ctrl-C sent to our process group must not end the watchdog with us.
    detached: true,
  });
  child.on('error', () => {
    const worker = new Worker(threadWatchdog, { eval: true, workerData: { pid: process.pid, deadline } });
    worker.unref();
  });
  // It must not keep this process alive by itself, only end it.
  child.unref();
}
