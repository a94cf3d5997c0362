import { Link } from 'react-router';
import { messages, type PaymentResult } from '@furniture-mart/shared';
import { Price } from '../../../components/ui/Price';
import { t } from '@furniture-mart/shared';
import { MessageWith } from '../../../components/MessageWith';

/** The receipt: the specification's sentence and the transaction id to keep. */
export function PaymentSuccess({ result }: { result: PaymentResult }) {
  return (
    <section role="status" className="card border border-success/40 bg-success/10">
      <div className="card-body items-start gap-3">
        <h2 className="font-display text-2xl font-bold text-success">{messages.paymentCompleted}</h2>
        <p>
          <MessageWith
            message={(amount) => t('payment.youPaid', { amount })}
            slot={<Price cents={result.amountCents} currency={result.currency} className="font-semibold" />}
          />
        </p>
        <TransactionId id={result.transactionId} />
        <Link to="/dashboard/myOrders" className="btn btn-primary btn-sm mt-2">
          {t('payment.goToMyOrders')}
        </Link>
      </div>
    </section>
  );
}

export function TransactionId({ id }: { id: string }) {
  return (
    <p className="flex min-w-0 flex-wrap items-center gap-2">
      <span className="text-base-content/75">{t('payment.transactionId')}</span>
      <code className="rounded bg-base-100 px-2 py-1 text-sm break-all" data-testid="transaction-id">
        {id}
      </code>
    </p>
  );
}
