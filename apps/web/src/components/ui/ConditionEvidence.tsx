import {
  checklistKeys,
  t,
  type Checklist,
  type Condition,
  type ProductPhoto,
  type ShownFlaw,
} from '@furniture-mart/shared';
import { ResponsivePhoto } from './ResponsivePhoto';

interface ConditionEvidenceProps {
  condition: Condition;
  /** The listing's photos; the flaws name some of them. */
  photos: ProductPhoto[];
  flaws: ShownFlaw[];
  checklist: Checklist | null;
  /** Heading level inside the page. */
  headingLevel?: 2 | 3;
}

/**
 * What the seller says and shows about a piece's condition: the condition with its definition, the
 * photos marked as flaws with their captions ("2 flaws shown") and the yes/no checklist. The product page
 * shows it beside the gallery, the order page for the listing as it was booked.
 */
export function ConditionEvidence({
  condition,
  photos,
  flaws,
  checklist,
  headingLevel = 2,
}: ConditionEvidenceProps) {
  const Heading = `h${headingLevel}` as const;
  const byId = new Map(photos.map((photo) => [photo.id, photo]));
  const shown = flaws.flatMap((flaw) => {
    const photo = byId.get(flaw.photoId);
    return photo ? [{ ...flaw, photo }] : [];
  });
  const evidence = shown.length > 0 || checklist !== null;

  return (
    <section
      aria-labelledby="condition-evidence"
      className="space-y-3 rounded-box border border-base-300 p-4"
    >
      <Heading id="condition-evidence" className="text-lg font-semibold">
        {t('condition.label')}: {t(`condition.${condition}`)}
      </Heading>
      <p className="text-sm text-base-content/80">{t(`condition.definition.${condition}`)}</p>
      {shown.length > 0 ? (
        <div className="space-y-2">
          <p className="text-sm font-medium">{t('condition.flawsShown', { count: shown.length })}</p>
          <ul className="grid grid-cols-2 gap-3">
            {shown.map(({ photoId, caption, photo }) => (
              <li key={photoId}>
                <figure className="space-y-1">
                  <a href={photo.url} target="_blank" rel="noreferrer" className="block">
                    <ResponsivePhoto
                      photo={photo}
                      sizes="(min-width: 1024px) 12rem, 45vw"
                      alt={caption}
                      loading="lazy"
                      className="aspect-square w-full rounded object-cover"
                    />
                  </a>
                  <figcaption className="text-sm">{caption}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {checklist ? (
        <div className="space-y-2">
          <p className="text-sm font-medium">{t('condition.checklistHeading')}</p>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
            {checklistKeys.map((key) => (
              <div key={key} className="flex justify-between gap-3 border-b border-base-200 py-1">
                <dt>{t(`condition.checklist.${key}`)}</dt>
                <dd className={checklist[key] ? 'font-semibold' : 'text-base-content/80'}>
                  {checklist[key] ? t('condition.yes') : t('condition.no')}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      {!evidence && condition !== 'excellent' ? (
        <p className="text-sm text-base-content/70">{t('condition.noEvidence')}</p>
      ) : null}
    </section>
  );
}
