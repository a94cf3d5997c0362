import { beforeAll, describe, expect, it } from 'vitest';
import { cancelReasons, cancelSaleReason } from './common.js';
import { locales } from './locales.js';
import { mailCopy } from './mail.js';
import { loadCatalogue } from './runtime.js';

beforeAll(async () => {
  await loadCatalogue('bn');
});

const refundReasons = [
  cancelSaleReason('The table top cracked in the move.'),
  cancelSaleReason('the legs are loose'),
  cancelSaleReason('পায়া নড়বড়ে।'),
  cancelReasons.productRemoved,
  cancelReasons.sellerRemoved,
  cancelReasons.buyerRemoved,
  'an older reason written before these',
];

/** Every paragraph of both refund mails, for every stored reason, in every language. */
function refundParagraphs() {
  return locales.flatMap((locale) =>
    refundReasons.flatMap((reason) => [
      ...mailCopy
        .refundBuyer({
          buyer: 'Rina',
          title: 'Teak sideboard',
          amountCents: 18000,
          currency: 'BDT',
          reason,
          url: 'https://mart.example/dashboard/orders/1',
        })(locale)
        .paragraphs.map((text) => ({ locale, reason, text })),
      ...mailCopy
        .refundSeller({
          seller: 'Karim',
          title: 'Teak sideboard',
          reason,
          url: 'https://mart.example/dashboard/orders/1',
        })(locale)
        .paragraphs.map((text) => ({ locale, reason, text })),
    ]),
  );
}

describe('the refund mails', () => {
  it('read as sentences: no doubled full stops and no chains of colons', () => {
    for (const { locale, reason, text } of refundParagraphs()) {
      const where = `${locale}, "${reason}": ${text}`;
      expect(text, where).not.toMatch(/[.।]\s*[”"]?\s*[.।]/u);
      expect(text.split(':').length - 1, where).toBeLessThanOrEqual(1);
      expect(text, where).toMatch(/[.।]$/u);
      expect(text, where).not.toContain('sale cancelled by the seller');
    }
  });

  it('say why in a sentence of its own, with the seller’s words quoted once', () => {
    const english = mailCopy.refundBuyer({
      buyer: 'Rina',
      title: 'Teak sideboard',
      amountCents: 18000,
      currency: 'USD',
      reason: cancelSaleReason('The table top cracked in the move.'),
      url: 'https://mart.example/dashboard/orders/1',
    })('en').paragraphs;
    expect(english).toEqual([
      'Your order for “Teak sideboard” is refunded.',
      'The seller cancelled the sale and gave this reason: “The table top cracked in the move”.',
      '$180.00 goes back to your card; your bank may take a few days to show it.',
    ]);
    const seller = mailCopy.refundSeller({
      seller: 'Karim',
      title: 'Teak sideboard',
      reason: cancelReasons.sellerRemoved,
      url: 'https://mart.example/dashboard/orders/1',
    })('bn').paragraphs;
    expect(seller).toEqual([
      '“Teak sideboard”-এর বিক্রির টাকা ক্রেতাকে ফেরত দেওয়া হয়েছে, তাই পণ্যটি হস্তান্তর করবেন না।',
      'আপনার বিক্রেতা অ্যাকাউন্ট Furniture Mart থেকে সরিয়ে দেওয়া হয়েছে।',
    ]);
  });
});
