import { useState, type FormEvent } from 'react';
import { notify } from '../../../components/ui/Toasts';
import { handoffBody, orderMessages, t, type BookingDetail } from '@furniture-mart/shared';
import { Alert } from '../../../components/ui/Alert';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { TextField } from '../../../components/ui/Field';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { errorMessage, isApiError } from '../../../lib/api';
import { useCancelSale, useHandoff } from '../api';

/**
 * The seller's side of a paid order: enter the buyer's code at pickup, or cancel the sale. For a cash
 * reservation, the code is entered once the cash is in hand, and there is nothing to cancel online.
 */
export function SellerHandoff({ order }: { order: BookingDetail }) {
  const handoff = useHandoff(order.id);
  const cancelSale = useCancelSale(order.id);
  const [confirm, confirmDialog] = useConfirm();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const locked = order.handoffAttemptsLeft <= 0;
  const cash = order.status === 'reserved';

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = handoffBody.safeParse({ code });
    if (!parsed.success) {
      setCodeError(orderMessages.handoffCodeFormat);
      return;
    }
    setCodeError(undefined);
    try {
      await handoff.mutateAsync(parsed.data);
      notify.success(orderMessages.handoffDone);
    } catch (error) {
      setCodeError(isApiError(error) ? (error.fields?.code ?? error.message) : errorMessage(error));
    }
  };

  const submitCancel = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 5) {
      setReasonError(orderMessages.cancelReasonRequired);
      return;
    }
    setReasonError(undefined);
    const ok = await confirm({
      title: orderMessages.cancelSale,
      message: orderMessages.cancelSaleConfirm,
      confirmLabel: orderMessages.cancelSale,
      destructive: true,
    });
    if (!ok) return;
    try {
      await cancelSale.mutateAsync({ reason: reason.trim() });
      notify.success(orderMessages.saleCancelled);
    } catch (error) {
      setReasonError(errorMessage(error));
    }
  };

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <form onSubmit={submitCode} noValidate className="card border border-base-300 bg-base-100">
        <div className="card-body gap-3">
          <h2 className="card-title">{orderMessages.handoffCodeLabel}</h2>
          {cash ? <p className="text-base-content/80">{t('cash.sellerEnterCode')}</p> : null}
          {locked ? (
            <Alert tone="warning" role="alert">
              {orderMessages.handoffLocked}
            </Alert>
          ) : (
            <>
              <TextField
                label={orderMessages.enterCodeLabel}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                error={codeError}
                inputClassName="font-mono text-lg tracking-[0.3em]"
              />
              <SubmitButton pending={handoff.isPending}>{orderMessages.confirmHandoff}</SubmitButton>
            </>
          )}
        </div>
      </form>
      {/* Cash changes hands at pickup: nothing was paid online, so there is no sale to cancel here. */}
      {cash ? null : (
        <form onSubmit={submitCancel} noValidate className="card border border-base-300 bg-base-100">
          <div className="card-body gap-3">
            <h2 className="card-title">{orderMessages.cancelSale}</h2>
            <TextField
              label={orderMessages.cancelSaleReasonLabel}
              value={reason}
              maxLength={300}
              onChange={(event) => setReason(event.target.value)}
              error={reasonError}
            />
            <SubmitButton pending={cancelSale.isPending} className="btn-error btn-outline">
              {orderMessages.cancelSale}
            </SubmitButton>
          </div>
        </form>
      )}
      {confirmDialog}
    </div>
  );
}
