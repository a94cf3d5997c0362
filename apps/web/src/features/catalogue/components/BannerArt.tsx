/**
 * Illustrations for the home banner, drawn for the project. Decoration only: each slide's headline and
 * text say what the picture shows, so the drawings are hidden from assistive technology.
 */
import { HeroIllustration } from './HeroIllustration';

export const LivingRoomArt = HeroIllustration;

/** A bed with pillows and a quilt, a bedside table with a lamp, and a framed picture. */
export function BedroomArt({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 400 300" className={className} aria-hidden="true" focusable="false">
      <ellipse cx="200" cy="272" rx="180" ry="14" fill="#dcc6a8" />
      {/* picture on the wall */}
      <rect x="150" y="28" width="100" height="64" rx="4" fill="#7c4a1e" />
      <rect x="158" y="36" width="84" height="48" rx="2" fill="#cfe0d2" />
      <path d="M158 84 L188 56 L208 74 L222 62 L242 84 Z" fill="#4f6b4a" />
      <circle cx="226" cy="48" r="6" fill="#e9b872" />
      {/* headboard and bed */}
      <rect x="92" y="112" width="216" height="86" rx="18" fill="#8a5a2b" />
      <rect x="80" y="186" width="240" height="46" rx="12" fill="#f6eee3" />
      <rect x="80" y="200" width="240" height="44" rx="10" fill="#b77b42" />
      <path d="M150 186 h170 v58 h-170 z" fill="#c98f56" opacity="0.65" />
      <rect x="104" y="160" width="74" height="32" rx="14" fill="#fffaf2" />
      <rect x="190" y="160" width="74" height="32" rx="14" fill="#f3d6a4" />
      <rect x="88" y="244" width="12" height="24" rx="3" fill="#4a2d12" />
      <rect x="300" y="244" width="12" height="24" rx="3" fill="#4a2d12" />
      {/* bedside table and lamp */}
      <rect x="328" y="196" width="52" height="66" rx="6" fill="#7c4a1e" />
      <rect x="334" y="210" width="40" height="4" rx="2" fill="#5b3a1a" />
      <circle cx="354" cy="232" r="3" fill="#e9b872" />
      <rect x="351" y="162" width="6" height="34" rx="3" fill="#5b3a1a" />
      <path d="M334 162 L374 162 L364 130 L344 130 Z" fill="#e9b872" />
    </svg>
  );
}

/** A writing desk with a lamp and books, a chair, and a bookshelf. */
export function StudyArt({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 400 300" className={className} aria-hidden="true" focusable="false">
      <ellipse cx="200" cy="272" rx="180" ry="14" fill="#d3dccd" />
      {/* bookshelf */}
      <rect x="24" y="60" width="92" height="206" rx="6" fill="#7c4a1e" />
      {[96, 146, 196].map((y) => (
        <rect key={y} x="30" y={y} width="80" height="6" fill="#5b3a1a" />
      ))}
      <rect x="36" y="70" width="12" height="26" fill="#e9b872" />
      <rect x="50" y="74" width="10" height="22" fill="#4f6b4a" />
      <rect x="62" y="68" width="14" height="28" fill="#b3261e" opacity="0.8" />
      <rect x="38" y="120" width="12" height="26" fill="#2f6f9f" opacity="0.85" />
      <rect x="52" y="124" width="12" height="22" fill="#f6eee3" />
      <rect x="80" y="118" width="22" height="28" rx="11" fill="#72926b" />
      <rect x="36" y="172" width="36" height="24" rx="3" fill="#e9b872" />
      <rect x="76" y="168" width="12" height="28" fill="#4f6b4a" />
      {/* desk */}
      <rect x="150" y="150" width="210" height="14" rx="4" fill="#8a5a2b" />
      <rect x="300" y="164" width="52" height="100" rx="4" fill="#7c4a1e" />
      <rect x="306" y="176" width="40" height="26" rx="3" fill="#8a5a2b" />
      <rect x="306" y="210" width="40" height="26" rx="3" fill="#8a5a2b" />
      <rect x="322" y="187" width="8" height="3" rx="1.5" fill="#e9b872" />
      <rect x="322" y="221" width="8" height="3" rx="1.5" fill="#e9b872" />
      <rect x="158" y="164" width="10" height="100" rx="3" fill="#7c4a1e" />
      {/* lamp and books on the desk */}
      <rect x="176" y="144" width="30" height="6" rx="3" fill="#5b3a1a" />
      <path
        d="M190 144 L204 104 L216 108"
        fill="none"
        stroke="#5b3a1a"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <path d="M206 96 L236 110 L222 126 Z" fill="#e9b872" />
      <rect x="252" y="128" width="40" height="10" rx="2" fill="#4f6b4a" />
      <rect x="256" y="138" width="34" height="12" rx="2" fill="#b77b42" />
      {/* chair */}
      <rect x="212" y="168" width="54" height="58" rx="10" fill="#b77b42" />
      <rect x="206" y="216" width="66" height="14" rx="5" fill="#8a5a2b" />
      <rect x="214" y="230" width="6" height="36" rx="2" fill="#4a2d12" />
      <rect x="258" y="230" width="6" height="36" rx="2" fill="#4a2d12" />
    </svg>
  );
}
