/** The check-badge shown after a verified seller's name; read out as "verified seller". */
export function VerifiedMark({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className={`inline-block shrink-0 text-info ${className}`}
      role="img"
      aria-label="verified seller"
    >
      <title>verified seller</title>
      <path
        fill="currentColor"
        d="M10 1.5l2.1 1.6 2.6-.2.9 2.5 2.3 1.3-.6 2.6 1.1 2.4-2 1.7-.4 2.6-2.6.4-1.7 2-2.4-1.1-2.6.6-1.3-2.3-2.5-.9.2-2.6L1.5 10l1.6-2.1-.2-2.6 2.5-.9 1.3-2.3 2.6.6z"
      />
      <path
        d="M6.5 10.2l2.3 2.3 4.7-4.9"
        fill="none"
        stroke="#fff"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
