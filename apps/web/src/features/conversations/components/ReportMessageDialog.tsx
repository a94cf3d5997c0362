import { useState, type FormEvent, type RefObject } from 'react';
import {
  messageReportBody,
  messageReportReasons,
  reportReasonLabels,
  t,
  type Message,
} from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { Dialog } from '../../../components/ui/Dialog';
import { SelectField, TextAreaField } from '../../../components/ui/Field';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { notify } from '../../../components/ui/Toasts';
import { errorMessage } from '../../../lib/api';
import { useReportMessage } from '../api';

const DETAILS_MAX = 1000;

interface ReportMessageDialogProps {
  message: Message;
  author: string;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}

/** Sends the other person's message to the administrators, with a reason and, if wished, more. */
export function ReportMessageDialog({ message, author, onClose, returnFocusRef }: ReportMessageDialogProps) {
  const report = useReportMessage();
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; details?: string; form?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = messageReportBody.safeParse({ reason, details: details.trim() || undefined });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      setErrors(fields);
      return;
    }
    setErrors({});
    try {
      await report.mutateAsync({ messageId: message.id, body: parsed.data });
    } catch (error) {
      setErrors({ form: errorMessage(error) });
      return;
    }
    notify.success(t('chat.reported'));
    onClose();
  };

  return (
    <Dialog
      title={t('chat.reportTitle')}
      onClose={onClose}
      returnFocusRef={returnFocusRef}
      busy={report.isPending}
    >
      <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <p className="text-base-content/80">{t('chat.reportIntro', { name: author })}</p>
        {message.body ? (
          <blockquote className="line-clamp-4 whitespace-pre-line rounded-field border-l-4 border-base-300 bg-base-200 px-3 py-2 text-sm">
            {message.body}
          </blockquote>
        ) : null}
        <SelectField
          label={t('report.reason')}
          options={messageReportReasons.map((value) => ({ value, label: reportReasonLabels[value] }))}
          emptyOption={{ label: t('report.chooseReason') }}
          data-autofocus
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={errors.reason}
        />
        <TextAreaField
          label={t('report.details')}
          rows={3}
          maxLength={DETAILS_MAX}
          hint={t('report.characters', { used: details.length, max: DETAILS_MAX })}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          error={errors.details}
        />
        <Alert tone="error">{errors.form}</Alert>
        <SubmitButton
          pending={report.isPending}
          pendingLabel={t('form.submitting')}
          className="btn-primary w-full"
        >
          {t('chat.reportSend')}
        </SubmitButton>
      </form>
    </Dialog>
  );
}
