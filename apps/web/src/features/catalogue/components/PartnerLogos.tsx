import type { ComponentType } from 'react';

interface Partner {
  name: string;
  Logo: ComponentType;
}

function OaklineMovers() {
  return (
    <svg viewBox="0 0 210 64" className="h-auto w-full" role="img" aria-label="Oakline Movers">
      <rect x="4" y="18" width="44" height="28" rx="4" fill="#7c4a1e" />
      <path d="M48 26h12l8 10v10H48z" fill="#a0673a" />
      <circle cx="18" cy="48" r="6" fill="#2b2118" />
      <circle cx="56" cy="48" r="6" fill="#2b2118" />
      <path d="M14 34c4-8 12-10 18-6-6 0-10 3-12 8z" fill="#e9b872" />
      <text x="76" y="32" fontFamily="Georgia, serif" fontSize="20" fontWeight="700" fill="#2b2118">
        Oakline
      </text>
      <text x="76" y="50" fontFamily="Arial, sans-serif" fontSize="12" letterSpacing="3" fill="#7c4a1e">
        MOVERS
      </text>
    </svg>
  );
}

function GrainwellRestorers() {
  return (
    <svg viewBox="0 0 210 64" className="h-auto w-full" role="img" aria-label="Grainwell Restorers">
      <circle cx="28" cy="32" r="24" fill="#4f6b4a" />
      <path
        d="M16 32c6-12 18-12 24 0M16 40c6-12 18-12 24 0M16 24c6-12 18-12 24 0"
        stroke="#f6eee3"
        strokeWidth="2.5"
        fill="none"
      />
      <text x="62" y="32" fontFamily="Georgia, serif" fontSize="20" fontWeight="700" fill="#2b2118">
        Grainwell
      </text>
      <text x="62" y="50" fontFamily="Arial, sans-serif" fontSize="12" letterSpacing="3" fill="#4f6b4a">
        RESTORERS
      </text>
    </svg>
  );
}

function HearthCleaning() {
  return (
    <svg viewBox="0 0 210 64" className="h-auto w-full" role="img" aria-label="Hearth and Home Cleaning">
      <path d="M6 30L28 10l22 20v24H6z" fill="#2f6f9f" />
      <rect x="22" y="36" width="12" height="18" rx="2" fill="#f6eee3" />
      <path d="M42 8c4 6 0 8 3 12" stroke="#e9b872" strokeWidth="3" fill="none" strokeLinecap="round" />
      <text x="60" y="32" fontFamily="Georgia, serif" fontSize="20" fontWeight="700" fill="#2b2118">
        Hearth &amp; Home
      </text>
      <text x="60" y="50" fontFamily="Arial, sans-serif" fontSize="12" letterSpacing="3" fill="#2f6f9f">
        CLEANING
      </text>
    </svg>
  );
}

function LoomcraftUpholstery() {
  return (
    <svg viewBox="0 0 210 64" className="h-auto w-full" role="img" aria-label="Loomcraft Upholstery">
      <rect x="6" y="10" width="44" height="44" rx="10" fill="#b3261e" />
      <path d="M6 22h44M6 32h44M6 42h44" stroke="#f3d6a4" strokeWidth="3" />
      <path d="M18 10v44M28 10v44M38 10v44" stroke="#f3d6a4" strokeWidth="3" opacity="0.6" />
      <text x="62" y="32" fontFamily="Georgia, serif" fontSize="20" fontWeight="700" fill="#2b2118">
        Loomcraft
      </text>
      <text x="62" y="50" fontFamily="Arial, sans-serif" fontSize="12" letterSpacing="3" fill="#b3261e">
        UPHOLSTERY
      </text>
    </svg>
  );
}

const partners: Partner[] = [
  { name: 'Oakline Movers', Logo: OaklineMovers },
  { name: 'Grainwell Restorers', Logo: GrainwellRestorers },
  { name: 'Hearth and Home Cleaning', Logo: HearthCleaning },
  { name: 'Loomcraft Upholstery', Logo: LoomcraftUpholstery },
];

/** The partners strip on the blog page: logos drawn for the project, each an image named after the partner. */
export function PartnerLogos() {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {partners.map(({ name, Logo }) => (
        <li
          key={name}
          className="grid place-items-center rounded-box border border-base-300 bg-base-100 px-3 py-4 shadow-sm sm:px-6"
        >
          <Logo />
        </li>
      ))}
    </ul>
  );
}
