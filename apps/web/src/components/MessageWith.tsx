import type { ReactNode } from 'react';

const MARK = '\u0001';

/**
 * A catalogue message with an element inside it, where each language puts it ("Tell our moderators
 * what is wrong with <strong>title</strong>."): `message` is given a marker for the argument, and the
 * element takes the marker's place.
 */
export function MessageWith({ message, slot }: { message: (argument: string) => string; slot: ReactNode }) {
  const [before, after = ''] = message(MARK).split(MARK);
  return (
    <>
      {before}
      {slot}
      {after}
    </>
  );
}
