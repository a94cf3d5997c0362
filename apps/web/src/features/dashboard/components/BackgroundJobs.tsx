import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  jobKindLabels,
  jobMessages,
  jobStateLabels,
  type JobRetried,
  type JobsOverview,
} from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { Spinner } from '../../../components/ui/Spinner';
import { notify } from '../../../components/ui/Toasts';
import { api, errorMessage } from '../../../lib/api';
import { sharedKeys } from '../../../lib/queryKeys';

const jobsKey = ['admin', 'jobs'] as const;

/**
 * The admin's view of the background jobs: what waits per kind, and every job that failed for good or
 * is stuck, with its last error and a retry button (POST /api/admin/jobs/:id/retry).
 */
export function BackgroundJobs() {
  const queryClient = useQueryClient();
  const jobs = useQuery({
    queryKey: jobsKey,
    queryFn: ({ signal }) => api.get<JobsOverview>('/api/admin/jobs', signal),
  });
  const retry = useMutation({
    mutationFn: (id: string) => api.post<JobRetried>(`/api/admin/jobs/${id}/retry`),
    onSuccess: async () => {
      notify.success(jobMessages.retried);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: jobsKey }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.overview }),
      ]);
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  if (jobs.isPending) return <Spinner />;
  if (jobs.isError) return <Alert tone="error">{errorMessage(jobs.error)}</Alert>;
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {jobs.data.backlog.map((line) => (
          <div key={line.kind} className="contents">
            <dt className="font-medium">{jobKindLabels[line.kind]}</dt>
            <dd>{jobMessages.backlog(line.pending, Math.floor(line.oldestPendingSeconds / 60))}</dd>
          </div>
        ))}
      </dl>
      {jobs.data.items.length === 0 ? (
        <p className="text-sm text-base-content/70">{jobMessages.nothingFailed}</p>
      ) : (
        <ul className="divide-y divide-base-300 text-sm">
          {jobs.data.items.map((job) => (
            <li key={job.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="badge badge-error badge-sm mr-2">{jobStateLabels[job.state]}</span>
                <span className="break-words">{job.summary}</span>
                <span className="block text-base-content/70">
                  {jobKindLabels[job.kind]} · {jobMessages.attempts(job.attempts)}
                </span>
                {job.lastError ? <span className="block text-error">{job.lastError}</span> : null}
              </span>
              <button
                type="button"
                className="btn btn-sm"
                disabled={retry.isPending && retry.variables === job.id}
                onClick={() => retry.mutate(job.id)}
              >
                {jobMessages.retry}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
