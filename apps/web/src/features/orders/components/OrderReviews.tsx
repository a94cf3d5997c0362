import { useState, type FormEvent } from 'react';
import {
  formatDate,
  localDigits,
  reviewBody,
  reviewLimits,
  reviewMessages,
  reviewReplyBody,
  t,
  type BookingDetail,
  type BookingReviews,
} from '@furniture-mart/shared';
import { TextAreaField } from '../../../components/ui/Field';
import { ReviewCard } from '../../../components/ui/SellerRating';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { notify } from '../../../components/ui/Toasts';
import { errorMessage, isApiError } from '../../../lib/api';
import { useReply, useReview } from '../api';

const dayMonthYear = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;

/**
 * The two reviews of an order handed over with its code: the viewer writes theirs within the window;
 * the other side's shows once both wrote or the window closed. The seller answers a review once.
 */
export function OrderReviews({ order, isSeller }: { order: BookingDetail; isSeller: boolean }) {
  const review = order.review;
  if (!review || (!review.canReview && !review.mine && !review.theirs)) return null;
  return (
    <section
      className="card border border-base-300 bg-base-100"
      aria-labelledby="reviews-heading"
      data-testid="order-reviews"
    >
      <div className="card-body gap-4">
        <h2 id="reviews-heading" className="card-title">
          {reviewMessages.writeHeading}
        </h2>
        {review.canReview ? <ReviewForm orderId={order.id} windowEndsAt={review.windowEndsAt} /> : null}
        {review.mine ? (
          <div className="space-y-1" data-testid="my-review">
            <h3 className="font-semibold">
              {reviewMessages.yourReview}
              {review.mine.publishedAt === null ? (
                <span className="badge badge-ghost ml-2">{reviewMessages.notPublishedYet}</span>
              ) : null}
            </h3>
            <ReviewCard review={review.mine} />
          </div>
        ) : null}
        <Theirs order={order} review={review} isSeller={isSeller} />
      </div>
    </section>
  );
}

function Theirs({
  order,
  review,
  isSeller,
}: {
  order: BookingDetail;
  review: BookingReviews;
  isSeller: boolean;
}) {
  const theirs = review.theirs;
  return (
    <div className="space-y-1" data-testid="their-review">
      <h3 className="font-semibold">{reviewMessages.theirReview}</h3>
      {theirs ? (
        <ReviewCard
          review={theirs}
          actions={
            isSeller && theirs.authorRole === 'buyer' && theirs.reply === null ? (
              <ReplyForm orderId={order.id} reviewId={theirs.id} />
            ) : null
          }
        />
      ) : (
        <p className="text-sm text-base-content/80">{reviewMessages.theirsWaiting}</p>
      )}
    </div>
  );
}

function ReviewForm({ orderId, windowEndsAt }: { orderId: string; windowEndsAt: string | null }) {
  const send = useReview(orderId);
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'rating' | 'text' | 'form', string>>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewBody.safeParse({ rating, text });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as 'rating' | 'text'] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync(parsed.data);
      notify.success(reviewMessages.reviewSaved);
    } catch (error) {
      setErrors(isApiError(error) && error.fields ? error.fields : { form: errorMessage(error) });
    }
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="review-form">
      {windowEndsAt ? (
        <p className="text-sm text-base-content/80">
          {t('reviews.windowEnds', { date: formatDate(windowEndsAt, dayMonthYear) })}
        </p>
      ) : null}
      <fieldset>
        <legend className="mb-1 text-sm font-semibold">{reviewMessages.ratingLabel}</legend>
        <div className="flex flex-wrap gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className="cursor-pointer">
              <input
                type="radio"
                name="rating"
                value={value}
                aria-label={t('reviews.stars', { n: value })}
                className="peer sr-only"
                checked={rating === value}
                onChange={() => setRating(value)}
              />
              <span
                aria-hidden="true"
                className={`btn btn-sm peer-focus-visible:outline ${rating >= value ? 'btn-warning' : 'btn-outline'}`}
              >
                ★ {localDigits(String(value))}
              </span>
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p className="mt-1 text-sm text-error" role="alert">
            {errors.rating}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        label={reviewMessages.textLabel}
        value={text}
        rows={3}
        maxLength={reviewLimits.textMax}
        onChange={(event) => setText(event.target.value)}
        error={errors.text}
      />
      {errors.form ? (
        <p className="text-sm text-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <SubmitButton pending={send.isPending}>{reviewMessages.submitReview}</SubmitButton>
    </form>
  );
}

function ReplyForm({ orderId, reviewId }: { orderId: string; reviewId: string }) {
  const reply = useReply(orderId);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (!open) {
    return (
      <button type="button" className="btn btn-ghost btn-sm w-fit" onClick={() => setOpen(true)}>
        {reviewMessages.replyOpen}
      </button>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewReplyBody.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await reply.mutateAsync({ reviewId, text: parsed.data.text });
      notify.success(reviewMessages.replySent);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <TextAreaField
        label={reviewMessages.replyLabel}
        value={text}
        rows={2}
        maxLength={reviewLimits.replyMax}
        onChange={(event) => setText(event.target.value)}
        error={error}
      />
      <SubmitButton pending={reply.isPending} className="btn-sm">
        {reviewMessages.replySubmit}
      </SubmitButton>
    </form>
  );
}
