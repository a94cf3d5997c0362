import { useState, type RefObject } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { notify } from '../../../components/ui/Toasts';
import {
  messages,
  reportCreateBody,
  t,
  reportLimits,
  reportReasonLabels,
  productReportReasons,
  type ProductCard,
} from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { Dialog } from '../../../components/ui/Dialog';
import { SelectField, TextAreaField } from '../../../components/ui/Field';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { errorMessage } from '../../../lib/api';
import { applyServerFieldErrors } from '../../../lib/forms';
import { useCreateReport } from '../productActionsApi';
import { MessageWith } from '../../../components/MessageWith';

const reasonOptions = () =>
  productReportReasons.map((reason) => ({ value: reason, label: reportReasonLabels[reason] }));

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
    <Dialog title={t('report.title')} onClose={onClose} returnFocusRef={returnFocusRef} busy={isSubmitting}>
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <p className="text-base-content/80">
          <MessageWith
            message={(title) => t('report.intro', { title })}
            slot={<strong className="text-base-content">{product.title}</strong>}
          />
        </p>
        <SelectField
          label={t('report.reason')}
          options={reasonOptions()}
          emptyOption={{ label: t('report.chooseReason') }}
          data-autofocus
          defaultValue=""
          error={errors.reason?.message}
          {...register('reason')}
        />
        <TextAreaField
          label={t('report.details')}
          rows={4}
          maxLength={reportLimits.detailsMaxLength}
          hint={t('report.characters', { used: details.length, max: reportLimits.detailsMaxLength })}
          error={errors.details?.message}
          {...register('details')}
        />
        <Alert tone="error">{formError}</Alert>
        <SubmitButton
          pending={isSubmitting}
          pendingLabel={t('form.submitting')}
          className="btn-primary w-full"
        >
          {t('form.submit')}
        </SubmitButton>
      </form>
    </Dialog>
  );
}
