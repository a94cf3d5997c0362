import { useCallback, useEffect, useId, useState } from 'react';
import { adminMessages } from '@furniture-mart/shared';

const DEBOUNCE_MS = 300;

interface SearchBoxProps {
  /** The search in effect (from the URL). */
  value: string;
  /** Names what is searched for screen readers, e.g. "Search buyers". */
  label: string;
  onSearch: (query: string) => void;
}

/** Searches as the admin types, once they pause; Enter searches at once. */
export function SearchBox({ value, label, onSearch }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  const [sent, setSent] = useState(value);

  // The URL changed from elsewhere (back button, a link): show that search in the box. Our own search
  // coming back must not overwrite what was typed since.
  if (value !== applied) {
    setApplied(value);
    if (value !== sent) setText(value);
  }

  const search = useCallback(
    (query: string) => {
      setSent(query);
      onSearch(query);
    },
    [onSearch],
  );

  useEffect(() => {
    const query = text.trim();
    if (query === value) return;
    const timer = window.setTimeout(() => search(query), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, search]);

  return (
    <form
      role="search"
      className="w-full sm:max-w-sm"
      onSubmit={(event) => {
        event.preventDefault();
        search(text.trim());
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="input w-full">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-4 opacity-60"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" strokeLinecap="round" />
        </svg>
        <input
          id={id}
          type="search"
          className="grow"
          placeholder={adminMessages.searchPlaceholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
    </form>
  );
}
