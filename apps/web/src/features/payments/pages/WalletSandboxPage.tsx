import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { formatMoney, t, walletSandboxApproveBody, type WalletSandboxApprove } from '@furniture-mart/shared';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { Alert } from '../../../components/ui/Alert';
import { TextField } from '../../../components/ui/Field';
import { PageSpinner } from '../../../components/ui/Spinner';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { errorMessage, isApiError } from '../../../lib/api';
import { useApproveSandboxWallet, useSandboxWalletPayment } from '../api';

/**
 * The wallet sandbox's approval page, standing in for bKash's own when no BKASH_* is configured: the
 * buyer confirms with a wallet number and PIN (12121 approves) or cancels, and is sent to the callback
 * exactly as bKash would send them. Approving here pays nothing by itself: the callback executes and
 * queries the payment before the order is paid.
 */
export function WalletSandboxPage() {
  const { id = '' } = useParams();
  const payment = useSandboxWalletPayment(id);
  const approve = useApproveSandboxWallet(id);
  const [wallet, setWallet] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{ wallet?: string; pin?: string; form?: string }>({});

  if (payment.isPending) return <PageSpinner />;
  if (payment.isError) {
    if (isApiError(payment.error) && payment.error.status === 404) return <NotFoundPage />;
    return (
      <Alert tone="error" onRetry={() => void payment.refetch()}>
        {errorMessage(payment.error)}
      </Alert>
    );
  }

  const send = async (body: WalletSandboxApprove) => {
    try {
      const answer = await approve.mutateAsync(body);
      window.location.assign(answer.redirectUrl);
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors({ ...error.fields });
      else setErrors({ form: errorMessage(error) });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = walletSandboxApproveBody.safeParse({ decision: 'approve', wallet, pin });
    if (!parsed.success) {
      const next: { wallet?: string; pin?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'pin' ? 'pin' : 'wallet';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    void send({ decision: 'approve', wallet, pin });
  };

  const open = payment.data.status === 'initiated';
  return (
    <section className="mx-auto max-w-md space-y-6">
      <DocumentTitle title={t('wallet.sandboxTitle')} />
      <header className="space-y-1">
        <h1 className="font-display text-3xl font-bold">{t('wallet.sandboxTitle')}</h1>
        <p className="text-base-content/80">{t('wallet.sandboxHelp')}</p>
      </header>
      <div className="card border-2 border-primary bg-base-100">
        <form className="card-body gap-4" onSubmit={submit} noValidate>
          <p className="text-sm text-base-content/70">{t('wallet.amountLabel')}</p>
          <p className="text-3xl font-bold" data-testid="wallet-amount">
            {formatMoney(payment.data.amountCents, payment.data.currency)}
          </p>
          {open ? (
            <>
              <TextField
                label={t('wallet.numberLabel')}
                inputMode="numeric"
                autoComplete="tel"
                maxLength={11}
                value={wallet}
                onChange={(event) => setWallet(event.target.value)}
                error={errors.wallet}
              />
              <TextField
                label={t('wallet.pinLabel')}
                type="password"
                inputMode="numeric"
                autoComplete="off"
                maxLength={6}
                value={pin}
                onChange={(event) => setPin(event.target.value)}
                error={errors.pin}
              />
              {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
              <div className="flex flex-wrap gap-2">
                <SubmitButton pending={approve.isPending} className="btn-primary flex-1">
                  {t('wallet.approve')}
                </SubmitButton>
                <button
                  type="button"
                  className="btn btn-ghost"
                  disabled={approve.isPending}
                  onClick={() => void send({ decision: 'cancel' })}
                >
                  {t('wallet.cancel')}
                </button>
              </div>
            </>
          ) : (
            <Alert tone="info">{t('wallet.notFound')}</Alert>
          )}
        </form>
      </div>
    </section>
  );
}
