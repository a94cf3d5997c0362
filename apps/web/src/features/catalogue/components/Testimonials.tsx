import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';
import { t } from '@furniture-mart/shared';

interface Testimonial {
  /** The story's words: `home.stories.<id>.quote`, `.name` and `.role` in the catalogue. */
  id: 'tanvir' | 'farzana' | 'imran' | 'nusrat' | 'kamal';
  /** Avatar colours: background and initials. */
  colors: [string, string];
}

const testimonials: Testimonial[] = [
  { id: 'tanvir', colors: ['#7c4a1e', '#fffaf2'] },
  { id: 'farzana', colors: ['#4f6b4a', '#ffffff'] },
  { id: 'imran', colors: ['#2f6f9f', '#ffffff'] },
  { id: 'nusrat', colors: ['#e9b872', '#3d2410'] },
  { id: 'kamal', colors: ['#b3261e', '#ffffff'] },
];

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

/**
 * Customer stories in a scroll-snap strip: one card on phones, two on tablets, three on large screens.
 * Scrolls by touch, trackpad or keyboard, and with the previous and next buttons.
 */
export function Testimonials() {
  const trackRef = useRef<HTMLDivElement>(null);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const headingId = useId();
  const trackId = useId();

  const updateEnds = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    setAtStart(track.scrollLeft <= 4);
    setAtEnd(track.scrollLeft + track.clientWidth >= track.scrollWidth - 4);
  }, []);

  useEffect(() => {
    updateEnds();
    window.addEventListener('resize', updateEnds);
    return () => window.removeEventListener('resize', updateEnds);
  }, [updateEnds]);

  const scrollByCard = (direction: 1 | -1) => {
    const track = trackRef.current;
    const card = track?.firstElementChild as HTMLElement | null;
    if (!track || !card) return;
    const gap = parseFloat(getComputedStyle(track).columnGap) || 0;
    track.scrollBy({
      left: direction * (card.offsetWidth + gap),
      behavior: reducedMotion ? 'auto' : 'smooth',
    });
  };

  return (
    <section
      aria-labelledby={headingId}
      aria-roledescription={t('home.banner.carousel')}
      className="bg-base-200/60"
    >
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-12 sm:px-6 md:py-16">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="space-y-1">
            <h2 id={headingId} className="font-display text-3xl font-bold">
              {t('home.stories.heading')}
            </h2>
            <p className="text-base-content/75">{t('home.stories.text')}</p>
          </div>
          <div className="flex gap-2">
            <button
              type="button"
              className="btn btn-circle btn-outline btn-primary"
              aria-label={t('home.stories.previous')}
              aria-controls={trackId}
              disabled={atStart}
              onClick={() => scrollByCard(-1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="btn btn-circle btn-outline btn-primary"
              aria-label={t('home.stories.next')}
              aria-controls={trackId}
              disabled={atEnd}
              onClick={() => scrollByCard(1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
        </div>
        <div
          ref={trackRef}
          id={trackId}
          // Focusable so keyboard users can scroll it with the arrow keys.
          tabIndex={0}
          role="region"
          aria-label={t('home.stories.label')}
          onScroll={updateEnds}
          className="flex snap-x snap-mandatory gap-6 overflow-x-auto scroll-smooth pb-2 motion-reduce:scroll-auto"
        >
          {testimonials.map((testimonial, index) => (
            <div
              key={testimonial.id}
              role="group"
              aria-roledescription={t('home.banner.slide')}
              aria-label={t('home.banner.position', { position: index + 1, count: testimonials.length })}
              className="w-full shrink-0 snap-start md:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]"
            >
              <figure className="card h-full border border-base-300 bg-base-100 shadow-sm">
                <div className="card-body gap-4">
                  <QuoteMark />
                  <blockquote className="flex-1 text-base-content/90">
                    <p>{t(`home.stories.${testimonial.id}.quote`)}</p>
                  </blockquote>
                  <figcaption className="flex items-center gap-3">
                    <span
                      aria-hidden="true"
                      className="grid h-12 w-12 shrink-0 place-items-center rounded-full font-bold"
                      style={{ backgroundColor: testimonial.colors[0], color: testimonial.colors[1] }}
                    >
                      {initialsOf(t(`home.stories.${testimonial.id}.name`))}
                    </span>
                    <span>
                      <span className="block font-semibold">{t(`home.stories.${testimonial.id}.name`)}</span>
                      <span className="block text-sm text-base-content/75">
                        {t(`home.stories.${testimonial.id}.role`)}
                      </span>
                    </span>
                  </figcaption>
                </div>
              </figure>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

function QuoteMark() {
  return (
    <svg viewBox="0 0 32 24" className="h-6 w-8 text-accent" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M0 24V14C0 6 4.5 1.3 12 0l1.2 3.2C9 4.6 7 7.4 7 11h6v13H0zm19 0V14c0-8 4.5-12.7 12-14l1 3.2C27.8 4.6 26 7.4 26 11h6v13H19z"
      />
    </svg>
  );
}
