/** A sofa, a lamp and a plant: decoration only, so it is hidden from assistive technology. */
export function HeroIllustration({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 400 300" className={className} aria-hidden="true" focusable="false">
      <ellipse cx="200" cy="272" rx="180" ry="14" fill="#e8d8c0" />
      {/* lamp */}
      <rect x="331" y="110" width="6" height="150" rx="3" fill="#5b3a1a" />
      <rect x="314" y="256" width="40" height="8" rx="4" fill="#5b3a1a" />
      <path d="M306 110 L362 110 L348 62 L320 62 Z" fill="#e9b872" />
      {/* plant */}
      <path d="M46 262 L40 222 L76 222 L70 262 Z" fill="#a0522d" />
      <path d="M58 222 C40 190 30 170 36 150 C52 168 58 192 58 222 Z" fill="#5f7d5a" />
      <path d="M58 222 C66 184 80 166 96 160 C92 186 78 206 58 222 Z" fill="#72926b" />
      <path d="M58 222 C54 196 58 170 70 150 C76 176 70 200 58 222 Z" fill="#4d6b48" />
      {/* sofa */}
      <rect x="112" y="128" width="180" height="80" rx="22" fill="#8a5a2b" />
      <rect x="96" y="168" width="40" height="76" rx="16" fill="#7c4a1e" />
      <rect x="268" y="168" width="40" height="76" rx="16" fill="#7c4a1e" />
      <rect x="126" y="196" width="152" height="44" rx="12" fill="#b77b42" />
      <line x1="202" y1="198" x2="202" y2="238" stroke="#8a5a2b" strokeWidth="3" />
      <rect x="140" y="150" width="50" height="40" rx="12" fill="#e9b872" />
      <rect x="214" y="150" width="50" height="40" rx="12" fill="#f3d6a4" />
      <rect x="108" y="244" width="10" height="22" rx="3" fill="#4a2d12" />
      <rect x="286" y="244" width="10" height="22" rx="3" fill="#4a2d12" />
    </svg>
  );
}
