import { Alert } from '../../../components/ui/Alert';
import { errorMessage } from '../../../lib/api';
import { POPULAR_SHOWN, useAdvertisedProducts } from '../api';
import { ProductGrid } from './ProductGrid';
import { t } from '@furniture-mart/shared';

/** Advertised products still for sale. The whole section is left out while there are none. */
export function PopularFurniture() {
  const advertised = useAdvertisedProducts(POPULAR_SHOWN);

  if (advertised.isPending) return null;
  if (!advertised.isError && advertised.data.items.length === 0) return null;

  return (
    <section aria-labelledby="popular-heading" className="page-container space-y-6">
      <div className="space-y-1">
        <h2 id="popular-heading" className="font-display text-3xl font-bold">
          {t('home.popular.heading')}
        </h2>
        <p className="text-base-content/75">{t('home.popular.text')}</p>
      </div>
      {advertised.isError ? (
        <Alert tone="error" onRetry={() => void advertised.refetch()}>
          {errorMessage(advertised.error)}
        </Alert>
      ) : (
        <ProductGrid products={advertised.data.items} belowTheFold />
      )}
    </section>
  );
}
