import { useState, type RefObject } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { notify } from '../../../components/ui/Toasts';
import {
  messages,
  reportCreateBody,
  reportLimits,
  reportReasonLabels,
  reportReasons,
  type ProductCard,
} from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { Dialog } from '../../../components/ui/Dialog';
import { SelectField, TextAreaField } from '../../../components/ui/Field';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { errorMessage } from '../../../lib/api';
import { applyServerFieldErrors } from '../../../lib/forms';
import { useCreateReport } from '../productActionsApi';

const reasonOptions = reportReasons.map((reason) => ({ value: reason, label: reportReasonLabels[reason] }));

interface ReportDialogProps {
  product: Pick<ProductCard, 'id' | 'title' | 'sellingPriceCents'>;
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
    notify.success(messages.reportSuccess);
    onClose();
  });

  return (
    <Dialog title="Report this product" onClose={onClose} returnFocusRef={returnFocusRef} busy={isSubmitting}>
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <p className="text-base-content/80">
          Tell our moderators what is wrong with{' '}
          <strong className="text-base-content">{product.title}</strong>.
        </p>
        <SelectField
          label="Reason"
          options={reasonOptions}
          emptyOption={{ label: 'Choose a reason' }}
          data-autofocus
          defaultValue=""
          error={errors.reason?.message}
          {...register('reason')}
        />
        <TextAreaField
          label="Details (optional)"
          rows={4}
          maxLength={reportLimits.detailsMaxLength}
          hint={`${details.length}/${reportLimits.detailsMaxLength} characters`}
          error={errors.details?.message}
          {...register('details')}
        />
        <Alert tone="error">{formError}</Alert>
        <SubmitButton pending={isSubmitting} pendingLabel="Submit..." className="btn-primary w-full">
          Submit
        </SubmitButton>
      </form>
    </Dialog>
  );
}
