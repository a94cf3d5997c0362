import { useState, type RefObject } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import {
  messages,
  reportCreateBody,
  reportLimits,
  reportReasonLabels,
  reportReasons,
  type ProductCard,
} from '@furniture-mart/shared';
import { FieldFrame } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api';
import { applyServerFieldErrors } from '../../../lib/forms';
import { useCreateReport } from '../api';
import { DialogAlert } from './DialogAlert';
import { ModalDialog } from './ModalDialog';
import { SubmitButton } from './SubmitButton';

interface ReportDialogProps {
  product: ProductCard;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}

/** Report a product to the moderators: a reason and, optionally, what is wrong. */
export function ReportDialog({ product, onClose, returnFocusRef }: ReportDialogProps) {
  const createReport = useCreateReport();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(reportCreateBody),
    defaultValues: { productId: product.id, reason: undefined, details: '' },
  });
  const details = useWatch({ control, name: 'details' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await createReport.mutateAsync({ ...values, details: values.details || undefined });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['reason', 'details'])) setFormError(errorMessage(error));
      return;
    }
    toast.success(messages.reportSuccess);
    onClose();
  });

  return (
    <ModalDialog
      title="Report this product"
      onClose={onClose}
      returnFocusRef={returnFocusRef}
      busy={isSubmitting}
    >
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <p className="text-base-content/80">
          Tell our moderators what is wrong with{' '}
          <strong className="text-base-content">{product.title}</strong>.
        </p>
        <FieldFrame label="Reason" error={errors.reason?.message}>
          {(control) => (
            <select
              className={`select w-full ${errors.reason ? 'select-error' : ''}`}
              data-autofocus
              defaultValue=""
              {...control}
              {...register('reason')}
            >
              <option value="" disabled>
                Choose a reason
              </option>
              {reportReasons.map((reason) => (
                <option key={reason} value={reason}>
                  {reportReasonLabels[reason]}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <FieldFrame
          label="Details (optional)"
          error={errors.details?.message}
          hint={`${details.length}/${reportLimits.detailsMaxLength} characters`}
        >
          {(control) => (
            <textarea
              className={`textarea w-full ${errors.details ? 'textarea-error' : ''}`}
              rows={4}
              maxLength={reportLimits.detailsMaxLength}
              {...control}
              {...register('details')}
            />
          )}
        </FieldFrame>
        <DialogAlert message={formError} />
        <SubmitButton sending={isSubmitting} className="w-full" />
      </form>
    </ModalDialog>
  );
}
