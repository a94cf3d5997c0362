import { Link, useSearchParams } from 'react-router';
import { catalogueMessages, type Favourite } from '@furniture-mart/shared';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { Alert } from '../../../components/ui/Alert';
import { FavouriteButton } from '../../../components/ui/FavouriteButton';
import { Pagination } from '../../../components/ui/Pagination';
import { Price } from '../../../components/ui/Price';
import { Spinner } from '../../../components/ui/Spinner';
import { VerifiedMark } from '../../../components/ui/VerifiedMark';
import { errorMessage } from '../../../lib/api';
import { useFavourites, useRemoveFavourite } from '../api';
import { formatMoney } from '@furniture-mart/shared';
import { t } from '@furniture-mart/shared';

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

const statusText = (status: Favourite['status']) =>
  status === 'removed' ? t('favourites.noLongerOnSale') : t(`productStatus.${status}`);

/** The furniture a buyer saved, newest first, with what became of each piece. */
export function FavouritesPage() {
  const [params] = useSearchParams();
  const page = pageFrom(params);
  const favourites = useFavourites(page);
  const remove = useRemoveFavourite();
  const data = favourites.data;

  return (
    <section className="space-y-6">
      <DocumentTitle title={t('menu.favourites')} />
      <header className="space-y-2">
        <h1 className="font-display text-3xl font-bold sm:text-4xl">{t('menu.favourites')}</h1>
        <p className="max-w-2xl text-base-content/80">{t('favourites.intro')}</p>
      </header>
      {favourites.isPending ? <Spinner label={t('favourites.loading')} /> : null}
      {favourites.error && !data ? (
        <Alert tone="error" onRetry={() => void favourites.refetch()}>
          {errorMessage(favourites.error)}
        </Alert>
      ) : null}
      <Alert tone="error">{remove.error ? errorMessage(remove.error) : null}</Alert>
      {data && data.items.length === 0 ? (
        <div className="space-y-3 rounded-box border border-base-300 bg-base-100 p-6">
          <p>{catalogueMessages.noFavourites}</p>
          <Link to="/#categories" className="btn btn-primary btn-sm">
            {t('favourites.browse')}
          </Link>
        </div>
      ) : null}
      {data && data.items.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy={favourites.isPlaceholderData}>
          {data.items.map((item) => (
            <li
              key={item.productId}
              className="card overflow-hidden border border-base-300 bg-base-100"
              data-testid="favourite"
            >
              <figure className="relative aspect-[4/3] bg-base-200">
                {item.cover ? (
                  <img
                    src={item.cover.thumbUrl}
                    width={item.cover.thumbWidth}
                    height={item.cover.thumbHeight}
                    alt=""
                    loading="lazy"
                    className={`h-full w-full object-cover ${item.status === 'available' ? '' : 'opacity-60'}`}
                  />
                ) : null}
                <FavouriteButton
                  saved
                  title={item.title}
                  pending={remove.isPending && remove.variables === item.productId}
                  onToggle={() => remove.mutate(item.productId)}
                  className="absolute right-3 top-3 shadow"
                />
              </figure>
              <div className="card-body gap-2 p-4">
                <h2 className="card-title text-lg">
                  {item.status === 'removed' ? (
                    item.title
                  ) : (
                    <Link to={`/products/${item.productId}`} className="link-hover">
                      {item.title}
                    </Link>
                  )}
                </h2>
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <Price
                    cents={item.sellingPriceCents}
                    currency={item.currency}
                    className="text-lg font-bold text-primary"
                  />
                  {item.previousPriceCents !== null ? (
                    <span className="text-sm font-medium text-success" data-testid="was-price">
                      {catalogueMessages.was(formatMoney(item.previousPriceCents, item.currency))}
                    </span>
                  ) : null}
                </p>
                <p className="flex flex-wrap items-center gap-1.5 text-sm">
                  <span className="text-base-content/70">{t('product.sellerLabel')}</span>
                  <Link to={`/sellers/${item.seller.id}`} className="link link-hover font-medium">
                    {item.seller.name}
                  </Link>
                  {item.seller.verified ? <VerifiedMark /> : null}
                </p>
                <p>
                  <span
                    className={`badge badge-soft ${item.status === 'available' ? 'badge-success' : 'badge-neutral'}`}
                  >
                    {statusText(item.status)}
                  </span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {data ? (
        <Pagination
          page={page}
          pageSize={data.pageSize}
          total={data.total}
          label={t('favourites.pages')}
          noun={t('favourites.noun')}
          linkTo={(target) => ({ search: target > 1 ? `page=${target}` : '' })}
        />
      ) : null}
    </section>
  );
}
