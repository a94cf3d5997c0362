import { useState, type ChangeEvent, type FormEvent } from 'react';
import {
  refusalLimits,
  refusalReasonLabels,
  refusalReasons,
  refuseBody,
  reviewMessages,
  type RefusalReason,
  type UploadedImage,
} from '@furniture-mart/shared';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { SelectField, TextAreaField } from '../../../components/ui/Field';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { notify } from '../../../components/ui/Toasts';
import { errorMessage, isApiError } from '../../../lib/api';
import { useRefusalPhotoUpload, useRefuse } from '../api';

type Errors = Partial<Record<'reason' | 'details' | 'photoIds' | 'form', string>>;

/**
 * The buyer's way out at pickup, beside the code: the piece does not match the listing. A reason, what
 * is wrong and 1-4 photos; refusing refunds the full amount and the code stops working.
 */
export function RefuseAtPickup({ orderId }: { orderId: string }) {
  const refuse = useRefuse(orderId);
  const upload = useRefusalPhotoUpload();
  const [confirm, confirmDialog] = useConfirm();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<RefusalReason | ''>('');
  const [details, setDetails] = useState('');
  const [photos, setPhotos] = useState<UploadedImage[]>([]);
  const [errors, setErrors] = useState<Errors>({});

  const addPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].slice(0, refusalLimits.maxPhotos - photos.length);
    event.target.value = '';
    for (const file of files) {
      try {
        const photo = await upload.mutateAsync(file);
        setPhotos((current) => [...current, photo]);
      } catch (error) {
        setErrors((current) => ({ ...current, photoIds: errorMessage(error) }));
      }
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = refuseBody.safeParse({ reason, details, photoIds: photos.map((photo) => photo.id) });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const ok = await confirm({
      title: reviewMessages.refuseSubmit,
      message: reviewMessages.refuseConfirm,
      confirmLabel: reviewMessages.refuseSubmit,
      destructive: true,
    });
    if (!ok) return;
    try {
      await refuse.mutateAsync(parsed.data);
      notify.success(reviewMessages.refusedDone);
    } catch (error) {
      setErrors(isApiError(error) && error.fields ? error.fields : { form: errorMessage(error) });
    }
  };

  return (
    <section className="card border border-warning bg-warning/5" aria-labelledby="refuse-heading">
      <div className="card-body gap-3">
        <h2 id="refuse-heading" className="card-title">
          {reviewMessages.refuseTitle}
        </h2>
        <p className="text-base-content/80">{reviewMessages.refuseIntro}</p>
        {!open ? (
          <button type="button" className="btn btn-outline btn-warning w-fit" onClick={() => setOpen(true)}>
            {reviewMessages.refuseOpen}
          </button>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-3">
            <SelectField
              label={reviewMessages.refuseReason}
              value={reason}
              onChange={(event) => setReason(event.target.value as RefusalReason)}
              options={refusalReasons.map((value) => ({ value, label: refusalReasonLabels[value] }))}
              emptyOption={{ label: '—' }}
              error={errors.reason}
            />
            <TextAreaField
              label={reviewMessages.refuseDetails}
              value={details}
              rows={3}
              maxLength={refusalLimits.detailsMax}
              onChange={(event) => setDetails(event.target.value)}
              error={errors.details}
            />
            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold">{reviewMessages.refusePhotos}</legend>
              {photos.length > 0 ? (
                <ul className="flex flex-wrap gap-2">
                  {photos.map((photo) => (
                    <li key={photo.id} className="relative">
                      <img
                        src={photo.thumbUrl}
                        alt=""
                        width={96}
                        height={72}
                        className="h-18 w-24 rounded-box object-cover"
                      />
                      <button
                        type="button"
                        className="btn btn-circle btn-xs absolute -right-2 -top-2"
                        aria-label={reviewMessages.removePhoto}
                        onClick={() => setPhotos((current) => current.filter((each) => each.id !== photo.id))}
                      >
                        ×
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
              {photos.length < refusalLimits.maxPhotos ? (
                <label className="btn btn-outline btn-sm w-fit">
                  {upload.isPending ? <span className="loading loading-spinner loading-xs" /> : null}
                  {reviewMessages.uploadPhoto}
                  <input
                    type="file"
                    accept="image/*"
                    multiple
                    className="sr-only"
                    data-testid="refusal-photo-input"
                    onChange={(event) => void addPhotos(event)}
                  />
                </label>
              ) : null}
              {errors.photoIds ? (
                <p className="text-sm text-error" role="alert">
                  {errors.photoIds}
                </p>
              ) : null}
            </fieldset>
            {errors.form ? (
              <p className="text-sm text-error" role="alert">
                {errors.form}
              </p>
            ) : null}
            <SubmitButton pending={refuse.isPending} className="btn-error" disabled={upload.isPending}>
              {reviewMessages.refuseSubmit}
            </SubmitButton>
          </form>
        )}
      </div>
      {confirmDialog}
    </section>
  );
}
