import { useEffect, useId, useRef, useState, type ComponentType, type FocusEvent } from 'react';
import { Link } from 'react-router';
import { BedroomArt, LivingRoomArt, StudyArt } from './BannerArt';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';
import { t } from '@furniture-mart/shared';

interface Slide {
  /** The slide's words: `<id>.headline` and `<id>.text` in the catalogue. */
  id: 'secondHome' | 'sleepWell' | 'desk';
  /** Where "Shop Now" goes: a section of this page or a category. */
  target: { hash: string } | { to: string };
  Art: ComponentType<{ className?: string }>;
  background: string;
}

const slides: Slide[] = [
  {
    id: 'secondHome',
    target: { hash: '#categories' },
    Art: LivingRoomArt,
    background: 'bg-[#f7efe4]',
  },
  {
    id: 'sleepWell',
    target: { to: '/categories/bed-room' },
    Art: BedroomArt,
    background: 'bg-[#f3e4cf]',
  },
  {
    id: 'desk',
    target: { to: '/categories/study-room' },
    Art: StudyArt,
    background: 'bg-[#e6ede2]',
  },
];

/** The first two slides stay up a little longer: they carry the main message. */
const delayOf = (index: number) => (index < 2 ? 6000 : 5000);

/**
 * The home page banner: three slides that advance on their own, pause while the pointer or keyboard
 * focus is on them, can be stopped, and never move by themselves for people who prefer reduced motion.
 */
export function Banner() {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // null until the person presses play or pause; until then their motion preference decides.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const slidesId = useId();

  const sectionRef = useRef<HTMLElement>(null);

  const playing = playChoice ?? !reducedMotion;
  const advancing = playing && !hovered && !focused;

  // The banner arrives rendered and comes to life later: a pointer or focus that came to rest on it
  // before then sent no event the app could hear, so it looks for them once.
  useEffect(() => {
    const section = sectionRef.current;
    if (section?.matches(':hover')) setHovered(true);
    if (section?.contains(document.activeElement)) setFocused(true);
  }, []);

  useEffect(() => {
    if (!advancing) return;
    const timer = window.setTimeout(
      () => setIndex((current) => (current + 1) % slides.length),
      delayOf(index),
    );
    return () => window.clearTimeout(timer);
  }, [advancing, index]);

  const go = (next: number) => setIndex((next + slides.length) % slides.length);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      ref={sectionRef}
      aria-roledescription={t('home.banner.carousel')}
      aria-label={t('home.banner.label')}
      className="relative"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {/* All slides share one grid cell, so the banner is as tall as its tallest slide and never jumps. */}
      <div id={slidesId} className="grid" aria-live={advancing ? 'off' : 'polite'}>
        {slides.map((slide, slideIndex) => {
          const current = slideIndex === index;
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription={t('home.banner.slide')}
              aria-label={t('home.banner.position', { position: slideIndex + 1, count: slides.length })}
              className={`${slide.background} [grid-area:1/1] transition-[opacity,visibility] duration-700 ${
                current ? 'visible opacity-100' : 'invisible opacity-0'
              }`}
            >
              <div className="mx-auto grid max-w-7xl items-center gap-6 px-4 pt-10 pb-20 sm:px-6 md:grid-cols-2 md:gap-10 md:pt-14">
                <div className="space-y-5">
                  <h2 className="font-display text-3xl leading-tight font-bold text-balance sm:text-5xl">
                    {t(`home.banner.${slide.id}.headline`)}
                  </h2>
                  <p className="max-w-xl text-lg text-base-content/85">{t(`home.banner.${slide.id}.text`)}</p>
                  {'hash' in slide.target ? (
                    <a href={slide.target.hash} className="btn btn-primary btn-lg">
                      {t('home.banner.shopNow')}
                    </a>
                  ) : (
                    <Link to={slide.target.to} className="btn btn-primary btn-lg">
                      {t('home.banner.shopNow')}
                    </Link>
                  )}
                </div>
                <slide.Art className="mx-auto w-full max-w-xs sm:max-w-sm lg:max-w-md" />
              </div>
            </div>
          );
        })}
      </div>

      <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-2">
        <button
          type="button"
          className="btn btn-circle btn-sm border-base-300 bg-base-100/90"
          aria-label={playing ? t('home.banner.stop') : t('home.banner.start')}
          onClick={() => setPlayChoice(!playing)}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <button
          type="button"
          className="btn btn-circle btn-sm border-base-300 bg-base-100/90"
          aria-label={t('home.banner.previous')}
          aria-controls={slidesId}
          onClick={() => go(index - 1)}
        >
          <Chevron direction="left" />
        </button>
        <ul className="flex items-center gap-1">
          {slides.map((slide, slideIndex) => (
            <li key={slide.id}>
              <button
                type="button"
                className="grid h-8 w-8 place-items-center rounded-full"
                aria-label={t('home.banner.goTo', {
                  position: slideIndex + 1,
                  headline: t(`home.banner.${slide.id}.headline`),
                })}
                aria-controls={slidesId}
                aria-current={slideIndex === index ? 'true' : undefined}
                onClick={() => go(slideIndex)}
              >
                <span
                  aria-hidden="true"
                  className={`block h-3 rounded-full transition-all ${
                    slideIndex === index ? 'w-6 bg-primary' : 'w-3 border border-primary bg-base-100'
                  }`}
                />
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="btn btn-circle btn-sm border-base-300 bg-base-100/90"
          aria-label={t('home.banner.next')}
          aria-controls={slidesId}
          onClick={() => go(index + 1)}
        >
          <Chevron direction="right" />
        </button>
      </div>
    </section>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M12.5 4.5L7 10l5.5 5.5' : 'M7.5 4.5L13 10l-5.5 5.5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" focusable="false">
      <rect x="5" y="4" width="3.5" height="12" rx="1" fill="currentColor" />
      <rect x="11.5" y="4" width="3.5" height="12" rx="1" fill="currentColor" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" focusable="false">
      <path d="M6 4.5v11l9-5.5z" fill="currentColor" />
    </svg>
  );
}
