/** Seller tools: adding products, photos and advertising. */
import { messageGroup, t } from './runtime.js';

export const sellerMessages = messageGroup('seller', {
  /** The highest amount the price columns hold, shown in the shop's currency. */
  priceAboveColumn: (amount: string) => t('seller.priceAboveColumn', { amount }),
  tooManyPixels: (width: number, height: number) => t('seller.tooManyPixels', { width, height }),
});
