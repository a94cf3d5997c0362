import { Link, useSearchParams } from 'react-router';
import { t, type Offer } from '@furniture-mart/shared';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { Alert } from '../../../components/ui/Alert';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/session';
import { useMyOffers } from '../api';
import { OfferSummary } from '../components/OfferSummary';

/** A buyer's offers made, or a seller's offers received, newest first, each with its time left. */
export function OffersPage() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const role = auth.status === 'signedIn' && auth.me.isSeller ? 'seller' : 'buyer';
  const offers = useMyOffers(role, page, auth.status === 'signedIn');
  const title = role === 'seller' ? t('offer.received') : t('offer.made');
  const data = offers.data;
  return (
    <section className="space-y-6">
      <DocumentTitle title={title} />
      <h1 className="font-display text-3xl font-bold sm:text-4xl">{title}</h1>
      {offers.isPending ? <Spinner label={title} /> : null}
      {offers.error ? <Alert tone="error">{errorMessage(offers.error)}</Alert> : null}
      {data && data.items.length === 0 ? (
        <p className="rounded-box border border-base-300 bg-base-100 p-6">{t('offer.none')}</p>
      ) : null}
      {data && data.items.length > 0 ? (
        <ul className="grid gap-3 md:grid-cols-2" data-testid="offers-list">
          {data.items.map((offer) => (
            <OfferRow key={offer.id} offer={offer} mustAct={mustAct(offer, role)} />
          ))}
        </ul>
      ) : null}
      {data ? (
        <Pagination
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          label={title}
          linkTo={(next) => `/dashboard/offers?page=${next}`}
        />
      ) : null}
    </section>
  );
}

function mustAct(offer: Offer, role: 'buyer' | 'seller'): boolean {
  if (role === 'seller') return offer.status === 'open';
  return offer.status === 'countered' || offer.status === 'awaiting_payment';
}

function OfferRow({ offer, mustAct }: { offer: Offer; mustAct: boolean }) {
  return (
    <li className="card border border-base-300 bg-base-100" data-testid="offer-row">
      <div className="card-body gap-3 p-4">
        <h2 className="card-title text-lg">
          <Link to={`/products/${offer.productId}`} className="link link-hover">
            {offer.productTitle}
          </Link>
        </h2>
        <OfferSummary offer={offer} />
        <div className="card-actions justify-end">
          <Link
            to={`/dashboard/offers/${offer.id}`}
            className={`btn btn-sm ${mustAct ? 'btn-primary' : 'btn-outline'}`}
          >
            {mustAct ? t('offer.answerNow') : t('offer.openOffer')}
          </Link>
        </div>
      </div>
    </li>
  );
}
