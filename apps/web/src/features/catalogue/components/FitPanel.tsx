import { Link } from 'react-router';
import {
  fitVerdictLabels,
  homeMessages,
  measuredPiece,
  shortfallIn,
  t,
  type FitVerdict,
  type OpeningFit,
  type ProductPage,
} from '@furniture-mart/shared';

const verdictTone: Record<FitVerdict, string> = {
  fits: 'badge-success',
  fits_tilted: 'badge-info',
  fits_apart: 'badge-warning',
  wont_fit: 'badge-error',
};

/** "Fits if tilted", or for a miss "Too wide for the front door by 16 cm". */
export function openingVerdictText(opening: OpeningFit): string {
  if (opening.verdict !== 'wont_fit' || !opening.shortfall) return fitVerdictLabels[opening.verdict];
  const by = homeMessages.length(shortfallIn(opening.shortfall.mm, 'cm'), 'cm');
  return homeMessages.shortfall(opening.kind, opening.name, opening.shortfall.dimension, by);
}

/**
 * Will it fit: for a buyer with a saved home, the verdict for every opening of it; otherwise an
 * invitation to add their doorways, or a word that the seller has not measured the piece.
 */
export function FitPanel({ product }: { product: ProductPage }) {
  const measured = measuredPiece(product.dimensions) !== null;
  if (product.viewer.own) return null;
  return (
    <section aria-labelledby="fit-heading" className="rounded-box border border-base-300 bg-base-100 p-4">
      <h2 id="fit-heading" className="mb-2 font-semibold">
        {t('fit.heading')}
      </h2>
      {!measured ? (
        <p className="text-sm text-base-content/80">{t('fit.notMeasured')}</p>
      ) : product.fit ? (
        <ul className="space-y-2" data-testid="fit-verdicts">
          {product.fit.openings.map((opening, index) => (
            <li key={index} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">{opening.name}</span>
              <span className={`badge badge-soft ${verdictTone[opening.verdict]}`}>
                {openingVerdictText(opening)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-base-content/80">
          {homeMessages.addYourOpenings}{' '}
          <Link to="/dashboard/account" className="link link-primary">
            {t('fit.addOpeningsLink')}
          </Link>
        </p>
      )}
    </section>
  );
}
