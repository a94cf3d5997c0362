import { paymentMessages, sandboxTestCards } from '@furniture-mart/shared';

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
      <p id="test-mode-title" className="flex flex-wrap items-center gap-2 font-semibold">
        <span className="badge badge-warning">Test mode</span>
        {paymentMessages.testMode}
      </p>
      <ul className="mt-3 space-y-1.5">
        {sandboxTestCards.map((card) => (
          <li key={card.number} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <button
              type="button"
              className="btn btn-ghost btn-xs h-auto min-h-0 px-1.5 py-0.5 font-mono tracking-wide"
              onClick={() => onUse(card.number)}
              aria-label={`Use test card ${card.number}`}
            >
              {card.number}
            </button>
            <span
              className={
                card.outcome.kind === 'success' ? 'font-medium text-success' : 'text-base-content/75'
              }
            >
              {card.outcome.kind === 'success' ? 'succeeds' : card.outcome.message}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-base-content/75">Any future expiry date, any 3-digit CVC and any name work.</p>
    </div>
  );
}
