import { paymentMessages, sandboxTestCards } from '@furniture-mart/shared';
import { localDigits, t } from '@furniture-mart/shared';

interface TestModeNoticeProps {
  /** Puts a test number into the card form. */
  onUse: (number: string) => void;
}

/** The sandbox charges nothing: say so plainly and list the cards it understands. */
export function TestModeNotice({ onUse }: TestModeNoticeProps) {
  return (
    <div
      role="note"
      aria-labelledby="test-mode-title"
      className="rounded-box border border-warning/50 bg-warning/10 p-4 text-sm"
    >
      <p id="test-mode-title" className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="badge badge-warning font-semibold">{t('payment.testMode')}</span>{' '}
        <span className="font-medium">{paymentMessages.testMode}</span>
      </p>
      <ul className="mt-3 divide-y divide-warning/20">
        {sandboxTestCards.map((card) => (
          <li key={card.number} className="flex flex-col py-1.5 sm:flex-row sm:items-center sm:gap-4">
            <button
              type="button"
              className="link link-hover w-fit font-mono text-sm tracking-wide"
              onClick={() => onUse(card.number)}
              aria-label={t('payment.useTestCard', { number: localDigits(card.number) })}
            >
              {localDigits(card.number)}
            </button>
            <span
              className={
                card.outcome.kind === 'success' ? 'font-medium text-success' : 'text-base-content/80'
              }
            >
              {card.outcome.kind === 'success' ? t('payment.succeeds') : card.outcome.message}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-base-content/75">{t('payment.anyExpiry')}</p>
    </div>
  );
}
