/**
 * The general sentences of the product, verbatim from the specification where it names one (their text
 * is in en.json and bn.json under `common.`). The other files of this folder give each area's messages
 * the same way; together they are every sentence a person reads, so the web app and the server change a
 * message in one place.
 */
import type { Locale } from './locales.js';
import { currentLocale, messageGroup, t, translate } from './runtime.js';

export const messages = messageGroup('common', {
  atMostCharacters: (max: number) => t('common.atMostCharacters', { max }),
  pageSizeAtMost: (max: number) => t('common.pageSizeAtMost', { max }),
  signInLimitReached: (minutes: number) => t('common.signInLimitReached', { minutes }),
  waitSeconds: (seconds: number) => t('common.waitSeconds', { seconds }),
});

/**
 * Reasons stored on a booking when it is cancelled by someone else's action. They are data (the
 * server compares them), so they stay these English words; `cancelReasonLabel` shows them in the
 * reader's language.
 */
export const cancelReasons = {
  soldToAnother: 'sold to another buyer',
  productRemoved: 'item removed',
  sellerRemoved: 'seller removed',
  deletedByBuyer: 'deleted by buyer',
  buyerRemoved: 'buyer removed',
  cashLapsed: 'the cash reservation lapsed',
  refusedAtPickup: 'refused at pickup',
} as const;

const SALE_CANCELLED = 'sale cancelled by the seller: ';

/** The reason stored when a seller cancels a paid sale, with their own words. */
export const cancelSaleReason = (reason: string) => `${SALE_CANCELLED}${reason}`;

/** A stored cancel reason in a language; the seller's own words stay as they wrote them. */
export function cancelReasonLabel(stored: string, locale: Locale = currentLocale()): string {
  for (const [name, english] of Object.entries(cancelReasons)) {
    if (stored === english) return translate(locale, `cancelReason.${name as keyof typeof cancelReasons}`);
  }
  if (stored.startsWith(SALE_CANCELLED)) {
    return translate(locale, 'cancelReason.saleCancelledBySeller', {
      reason: stored.slice(SALE_CANCELLED.length),
    });
  }
  return stored;
}

/** A seller's own words, without the full stop that a sentence around them would repeat. */
const withoutFinalStop = (words: string) => words.trim().replace(/[\s.।…]+$/u, '');

/**
 * A stored refund reason as a whole sentence for its reader, the buyer or the seller (a refund mail's
 * second paragraph), so the mail never strings "refunded: sale cancelled by the seller: ..." together.
 */
export function refundReasonSentence(
  stored: string,
  reader: 'buyer' | 'seller',
  locale: Locale = currentLocale(),
): string {
  if (stored.startsWith(SALE_CANCELLED)) {
    const reason = withoutFinalStop(stored.slice(SALE_CANCELLED.length));
    return translate(locale, `mail.refundReason.${reader}.sellerCancelled`, { reason });
  }
  if (stored === cancelReasons.productRemoved) return translate(locale, 'mail.refundReason.productRemoved');
  if (stored === cancelReasons.sellerRemoved)
    return translate(locale, `mail.refundReason.${reader}.sellerRemoved`);
  if (stored === cancelReasons.buyerRemoved)
    return translate(locale, `mail.refundReason.${reader}.buyerRemoved`);
  if (stored === cancelReasons.refusedAtPickup)
    return translate(locale, `mail.refundReason.${reader}.refusedAtPickup`);
  return translate(locale, 'mail.refundReason.other', {
    reason: withoutFinalStop(cancelReasonLabel(stored, locale)),
  });
}
