import type { ReactNode } from 'react';

/**
 * A catalogue message with the little markup long texts need, kept readable for a translator:
 * `**strong**`, `_emphasis_` and `` `code` ``. Nothing else is markup, and nothing is HTML.
 */
export function RichText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  const pattern = /\*\*(.+?)\*\*|`(.+?)`|(?<![\w\p{L}])_(.+?)_(?![\w\p{L}])/gu;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const key = match.index;
    if (match[1] !== undefined) parts.push(<strong key={key}>{match[1]}</strong>);
    else if (match[2] !== undefined) {
      parts.push(
        <code key={key} className="rounded bg-base-200 px-1.5 py-0.5 font-mono text-[0.9em]">
          {match[2]}
        </code>,
      );
    } else parts.push(<em key={key}>{match[3]}</em>);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
