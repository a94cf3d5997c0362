import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Photo } from '@furniture-mart/shared';
import { ResponsivePhoto } from './ResponsivePhoto';
import { t } from '@furniture-mart/shared';

interface GalleryProps {
  photos: readonly Photo[];
  /** Names the gallery and each photo ("Photo 2 of 5 of <label>"). */
  label: string;
  /** Shown when there is no photo at all. */
  empty?: React.ReactNode;
  /**
   * The page's main picture (its largest paint): the first photo is fetched ahead of scripts and
   * other images. Later photos are asked for only when shown, at the usual priority.
   */
  priority?: boolean;
}

/** How far a finger must travel sideways before a swipe changes the photo. */
const SWIPE_PX = 40;

/**
 * Every photo of a listing, one at a time: arrow keys (Home and End too) on the photo, the Previous and
 * Next buttons, a swipe, or a thumbnail move between them. The thumbnails are plain buttons so the
 * keyboard reaches each one; the current photo is announced politely.
 */
export function Gallery({ photos, label, empty = null, priority = false }: GalleryProps) {
  const [index, setIndex] = useState(0);
  const start = useRef<{ x: number; y: number } | null>(null);
  const statusId = useId();
  const count = photos.length;
  if (count === 0) return <>{empty}</>;
  const current = Math.min(index, count - 1);
  const photo = photos[current]!;
  const go = (next: number) => setIndex(((next % count) + count) % count);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: current - 1,
      ArrowRight: current + 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    if (event.key === 'Home' || event.key === 'End') setIndex(target);
    else go(target);
  };
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    start.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const dx = event.clientX - from.x;
    // A mostly vertical move is the page scrolling, not a swipe.
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(event.clientY - from.y)) return;
    go(dx < 0 ? current + 1 : current - 1);
  };

  return (
    <section
      aria-roledescription={t('gallery.role')}
      aria-label={t('gallery.photosOf', { title: label })}
      className="space-y-3"
    >
      <div className="relative overflow-hidden rounded-box bg-base-200">
        <figure
          tabIndex={0}
          aria-describedby={statusId}
          aria-keyshortcuts="ArrowLeft ArrowRight Home End"
          className="aspect-[4/3] touch-pan-y select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (start.current = null)}
        >
          <ResponsivePhoto
            photo={photo}
            fallback="middle"
            sizes="(min-width: 1280px) 740px, (min-width: 1024px) 58vw, 100vw"
            alt={t('product.photoNumberOf', { position: current + 1, count, title: label })}
            draggable={false}
            fetchPriority={priority && current === 0 ? 'high' : undefined}
            className="h-full w-full object-contain"
          />
        </figure>
        {count > 1 ? (
          <>
            <button
              type="button"
              className="btn btn-circle btn-sm absolute left-2 top-1/2 -translate-y-1/2 border-base-300 bg-base-100/90"
              aria-label={t('gallery.previous')}
              onClick={() => go(current - 1)}
            >
              <Chevron direction="left" />
            </button>
            <button
              type="button"
              className="btn btn-circle btn-sm absolute right-2 top-1/2 -translate-y-1/2 border-base-300 bg-base-100/90"
              aria-label={t('gallery.next')}
              onClick={() => go(current + 1)}
            >
              <Chevron direction="right" />
            </button>
          </>
        ) : null}
      </div>
      <p id={statusId} className="text-sm text-base-content/70" aria-live="polite">
        {t('gallery.position', { position: current + 1, count })}
        {count > 1 ? <span className="sr-only">{t('gallery.howToMove')}</span> : null}
      </p>
      {count > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={t('gallery.all')}>
          {photos.map((thumb, position) => (
            <li key={thumb.url} className="shrink-0">
              <button
                type="button"
                aria-label={t('gallery.show', { position: position + 1 })}
                aria-current={position === current ? 'true' : undefined}
                onClick={() => setIndex(position)}
                className={`block h-16 w-20 overflow-hidden rounded-field border-2 ${
                  position === current ? 'border-primary' : 'border-transparent opacity-80 hover:opacity-100'
                }`}
              >
                <img
                  src={thumb.thumbUrl}
                  width={thumb.thumbWidth}
                  height={thumb.thumbHeight}
                  alt=""
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d={direction === 'left' ? 'M12.5 4.5 7 10l5.5 5.5' : 'M7.5 4.5 13 10l-5.5 5.5'}
      />
    </svg>
  );
}
