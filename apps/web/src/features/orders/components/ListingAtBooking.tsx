import { sizeText, t, type ListingSnapshot } from '@furniture-mart/shared';
import { ConditionEvidence } from '../../../components/ui/ConditionEvidence';
import { Gallery } from '../../../components/ui/Gallery';

/**
 * The listing as it was when the piece was booked, kept with the order: what the buyer agreed to,
 * whatever the seller changed since.
 */
export function ListingAtBooking({ listing }: { listing: ListingSnapshot }) {
  const size = sizeText(listing.dimensions);
  return (
    <section
      aria-labelledby="listing-at-booking"
      className="space-y-4 rounded-box border border-base-300 p-4 sm:p-6"
      data-testid="listing-at-booking"
    >
      <header className="space-y-1">
        <h2 id="listing-at-booking" className="font-display text-xl font-bold">
          {t('condition.asBooked')}
        </h2>
        <p className="text-sm text-base-content/70">{t('condition.asBookedHint')}</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-3">
          <Gallery photos={listing.photos} label={listing.title} />
          <h3 className="text-lg font-semibold">{listing.title}</h3>
          <p className="whitespace-pre-line text-sm text-base-content/85">{listing.description}</p>
          <p className="text-sm">
            <span className="text-base-content/70">{t('product.size')}: </span>
            {size ?? t('productPage.notGiven')}
          </p>
        </div>
        <ConditionEvidence
          condition={listing.condition}
          photos={listing.photos}
          flaws={listing.flaws}
          checklist={listing.checklist}
          headingLevel={3}
        />
      </div>
    </section>
  );
}
