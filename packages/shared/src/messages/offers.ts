/** Offers: a buyer's binding offer on a product and the seller's answer (issue 40). */
import { currentLocale, messageGroup, translate } from './runtime.js';

export const offerMessages = messageGroup('offers', {
  amountBelowMinimum: (minimum: string) =>
    translate(currentLocale(), 'offers.amountBelowMinimum', { minimum }),
  amountAtPrice: (price: string) => translate(currentLocale(), 'offers.amountAtPrice', { price }),
  amountTooPrecise: (decimals: number) => translate(currentLocale(), 'offers.amountTooPrecise', { decimals }),
  tooManyOffers: (max: number) => translate(currentLocale(), 'offers.tooManyOffers', { max }),
  counterTooLow: (offer: string) => translate(currentLocale(), 'offers.counterTooLow', { offer }),
  counterAtPrice: (price: string) => translate(currentLocale(), 'offers.counterAtPrice', { price }),
  reasonTooLong: (max: number) => translate(currentLocale(), 'offers.reasonTooLong', { max }),
});
