import { useState } from 'react';
import { reportReasonLabels, reviewMessages, t } from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { Pagination } from '../../../components/ui/Pagination';
import { ReviewCard } from '../../../components/ui/SellerRating';
import { errorMessage } from '../../../lib/api';
import { useHideReview, useReportedReviews } from '../api';
import { useConfirmedAction } from '../confirmedAction';

/** Reviews people reported: the review, whom it is about, why it was reported, and hiding it. */
export function ReportedReviews() {
  const [page, setPage] = useState(1);
  const reported = useReportedReviews(page);
  const hide = useHideReview();
  const [run, dialog] = useConfirmedAction();
  return (
    <section className="space-y-4" aria-labelledby="reported-reviews-heading" data-testid="reported-reviews">
      <h2 id="reported-reviews-heading" className="font-display text-2xl font-bold">
        {reviewMessages.reportedHeading}
      </h2>
      {reported.isError ? (
        <Alert tone="error" onRetry={() => void reported.refetch()}>
          {errorMessage(reported.error)}
        </Alert>
      ) : null}
      {reported.data && reported.data.items.length === 0 ? (
        <p className="text-base-content/80">{reviewMessages.reportedNone}</p>
      ) : null}
      <ul className="space-y-3">
        {reported.data?.items.map((row) => (
          <li key={row.review.id}>
            <ReviewCard
              review={row.review}
              actions={
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span>{t('reviews.about', { name: row.subject.name })}</span>
                  <span className="badge badge-warning badge-soft">
                    {t('reviews.reportCount', { n: row.openReports })}
                  </span>
                  {row.reasons.map((reason) => (
                    <span key={reason} className="badge badge-ghost">
                      {reportReasonLabels[reason]}
                    </span>
                  ))}
                  <button
                    type="button"
                    className="btn btn-error btn-sm ml-auto"
                    disabled={hide.isPending}
                    onClick={() =>
                      void run(
                        {
                          title: reviewMessages.hide,
                          message: reviewMessages.hideConfirm,
                          confirmLabel: reviewMessages.hide,
                          destructive: true,
                        },
                        () => hide.mutateAsync(row.review.id),
                        reviewMessages.hidden,
                      )
                    }
                  >
                    {reviewMessages.hide}
                  </button>
                </div>
              }
            />
          </li>
        ))}
      </ul>
      {reported.data ? (
        <Pagination
          page={reported.data.page}
          pageSize={reported.data.pageSize}
          total={reported.data.total}
          label={reviewMessages.pagesLabel}
          onPageChange={setPage}
        />
      ) : null}
      {dialog}
    </section>
  );
}
