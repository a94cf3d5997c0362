/**
 * `npm run jobs -- list`: the backlog of each background job and the jobs that failed or are stuck.
 * `npm run jobs -- retry <id>`: queues one of them again, due now (as the admin overview's button does).
 */
import { withApp } from './context.js';
import { AppError } from '../platform/errors.js';

const [command, id] = process.argv.slice(2);
if (!(command === 'list' && !id) && !(command === 'retry' && id)) {
  console.error('Usage: npm run jobs -- list | retry <id>');
  process.exit(2);
}

await withApp(async (app) => {
  const jobs = app.services.jobs;
  if (command === 'retry') {
    try {
      const retried = await jobs.retry(id!);
      console.log(`${retried.kind} job ${retried.id} is queued again.`);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      console.error(error.message);
      process.exitCode = 1;
    }
    return;
  }
  for (const line of await jobs.backlog()) {
    console.log(
      `${line.kind}: ${line.pending} pending (oldest ${line.oldestPendingSeconds} s), ` +
        `${line.failed} failed, ${line.stuck} stuck`,
    );
  }
  const trouble = await jobs.listTrouble();
  if (trouble.length === 0) console.log('No job has failed or is stuck.');
  for (const job of trouble) {
    console.log(
      [job.id, job.kind, job.state, `${job.attempts} attempts`, job.summary, job.lastError ?? ''].join('\t'),
    );
  }
});
