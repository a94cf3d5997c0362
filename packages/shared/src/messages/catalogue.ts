/** Browsing the catalogue: filters, categories, product and seller pages, favourites and their notices. */
import { messageGroup, t } from './runtime.js';

export const catalogueMessages = messageGroup('catalogue', {
  was: (amount: string) => t('catalogue.was', { amount }),
  noticePriceDrop: (title: string, from: string, to: string) =>
    t('catalogue.noticePriceDrop', { title, from, to }),
  noticeSold: (title: string) => t('catalogue.noticeSold', { title }),
  noticeRemoved: (title: string) => t('catalogue.noticeRemoved', { title }),
});
