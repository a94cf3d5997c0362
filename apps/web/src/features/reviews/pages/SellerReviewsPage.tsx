import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  messageReportReasons,
  reportReasonLabels,
  reviewMessages,
  t,
  type MessageReportReason,
  type Review,
} from '@furniture-mart/shared';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { Alert } from '../../../components/ui/Alert';
import { Pagination } from '../../../components/ui/Pagination';
import { ReviewCard } from '../../../components/ui/SellerRating';
import { PageSpinner } from '../../../components/ui/Spinner';
import { notify } from '../../../components/ui/Toasts';
import { errorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/session';
import { useReportReview, useSellerReviews } from '../api';

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Every published review of a seller with their answers, newest first, by page; signed in, report one. */
export function SellerReviewsPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const page = pageFrom(params);
  const reviews = useSellerReviews(id, page);
  const auth = useAuth();
  const signedIn = auth.status === 'signedIn';
  if (reviews.isPending) return <PageSpinner />;
  if (reviews.isError) {
    return (
      <div className="page-container py-8">
        <Alert tone="error" onRetry={() => void reviews.refetch()}>
          {errorMessage(reviews.error)}
        </Alert>
      </div>
    );
  }
  const data = reviews.data;
  return (
    <div className="page-container space-y-6 py-4">
      <DocumentTitle title={reviewMessages.heading} />
      <header className="space-y-2">
        <Link to={`/sellers/${id}`} className="link link-hover text-sm">
          ← {t('orders.contactSeller')}
        </Link>
        <h1 className="font-display text-3xl font-bold">{reviewMessages.heading}</h1>
      </header>
      {data.items.length === 0 ? (
        <p className="text-base-content/80">{reviewMessages.none}</p>
      ) : (
        <ul className="space-y-3" aria-busy={reviews.isPlaceholderData}>
          {data.items.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} actions={signedIn ? <ReportReview review={review} /> : null} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageSize={data.pageSize}
        total={data.total}
        label={reviewMessages.pagesLabel}
        noun={reviewMessages.noun}
        linkTo={(target) => ({ search: target > 1 ? `page=${target}` : '' })}
      />
    </div>
  );
}

/** Report a review to the administrators, like a message. */
function ReportReview({ review }: { review: Review }) {
  const report = useReportReview();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<MessageReportReason>('offensive');
  const [done, setDone] = useState(false);
  if (done) return <p className="text-sm text-base-content/70">{reviewMessages.reported}</p>;
  if (!open) {
    return (
      <button type="button" className="btn btn-ghost btn-xs w-fit" onClick={() => setOpen(true)}>
        {reviewMessages.report}
      </button>
    );
  }
  const send = async () => {
    try {
      await report.mutateAsync({ reviewId: review.id, body: { reason } });
      setDone(true);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col gap-1 text-sm">
        {reviewMessages.reportReason}
        <select
          className="select select-sm"
          value={reason}
          onChange={(event) => setReason(event.target.value as MessageReportReason)}
        >
          {messageReportReasons.map((value) => (
            <option key={value} value={value}>
              {reportReasonLabels[value]}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn btn-sm" disabled={report.isPending} onClick={() => void send()}>
        {reviewMessages.reportSubmit}
      </button>
    </div>
  );
}
