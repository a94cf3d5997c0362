/** The armchair mark; the same drawing as the favicon. */
export function LogoMark({ className = 'h-9 w-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#7c4a1e" />
      <rect x="18" y="12" width="28" height="24" rx="6" fill="#fbeedd" />
      <rect x="9" y="25" width="11" height="20" rx="5" fill="#fbeedd" />
      <rect x="44" y="25" width="11" height="20" rx="5" fill="#fbeedd" />
      <rect x="19" y="33" width="26" height="12" rx="3" fill="#e9b872" />
      <rect x="13" y="44" width="5" height="9" rx="1.5" fill="#fbeedd" />
      <rect x="46" y="44" width="5" height="9" rx="1.5" fill="#fbeedd" />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <LogoMark />
      <span className="font-display text-lg font-bold tracking-tight text-base-content sm:text-xl">
        Furniture <span className="text-primary">Mart</span>
      </span>
    </span>
  );
}
