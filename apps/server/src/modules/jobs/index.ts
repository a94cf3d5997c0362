/** What other modules may use of background jobs: their backlog, for the admin's overview. */
export type { JobsService } from './jobs.service.js';
