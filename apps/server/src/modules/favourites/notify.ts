/**
 * Telling the people who saved a product that its price dropped, it sold or it was removed: a dashboard
 * notice and an email, both written in the caller's transaction (the outbox, mail/outbox.ts). Each
 * event has one key per person, used by the notice and the mail alike, so a change run twice tells
 * nobody twice.
 */
import { and, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import {
  formatMoney,
  mailCopy,
  toLocale,
  translate,
  type Locale,
  type LocalisedMail,
  type NoticeKind,
} from '@furniture-mart/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { favourites, notices, products, users } from '../../platform/db/schema.js';
import { enqueueMail, linkTo, type QueuedMail } from '../mail/index.js';

interface Saver {
  userId: string;
  name: string;
  email: string;
  productId: string;
  title: string;
  locale: string;
}

async function saversOf(tx: DbOrTx, productIds: string[], except?: string): Promise<Saver[]> {
  if (productIds.length === 0) return [];
  const conditions: SQL[] = [inArray(favourites.productId, productIds), isNull(users.deletedAt)];
  if (except) conditions.push(ne(favourites.userId, except));
  return tx
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      productId: products.id,
      title: products.title,
      locale: users.locale,
    })
    .from(favourites)
    .innerJoin(users, eq(users.id, favourites.userId))
    .innerJoin(products, eq(products.id, favourites.productId))
    .where(and(...conditions));
}

interface Message {
  saver: Saver;
  key: string;
  kind: NoticeKind;
  /** The dashboard notice, kept in the words of the saver's language. */
  notice: (locale: Locale) => string;
  copy: LocalisedMail;
}

async function tell(tx: DbOrTx, list: Message[]): Promise<void> {
  if (list.length === 0) return;
  await tx
    .insert(notices)
    .values(
      list.map((m) => ({
        userId: m.saver.userId,
        productId: m.saver.productId,
        kind: m.kind,
        eventKey: m.key,
        message: m.notice(toLocale(m.saver.locale)),
      })),
    )
    .onConflictDoNothing({ target: notices.eventKey });
  const mails: QueuedMail[] = list.map((m) => ({
    key: m.key,
    to: m.saver.email,
    copy: m.copy,
    locale: toLocale(m.saver.locale),
  }));
  await enqueueMail(tx, mails);
}

/**
 * A seller lowered a price below its lowest of the last 14 days. One notice per saver, product and day
 * (the event key), so a second drop on the same day tells nobody again.
 */
export async function tellPriceDrop(
  tx: DbOrTx,
  publicUrl: string,
  change: { productId: string; fromCents: number; toCents: number; currency: string },
): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  const amounts = (locale: Locale) => ({
    from: formatMoney(change.fromCents, change.currency, locale),
    to: formatMoney(change.toCents, change.currency, locale),
  });
  const savers = await saversOf(tx, [change.productId]);
  await tell(
    tx,
    savers.map((saver) => ({
      saver,
      key: `favourite:price:${change.productId}:${saver.userId}:${day}`,
      kind: 'price_drop',
      notice: (locale) =>
        translate(locale, 'catalogue.noticePriceDrop', { title: saver.title, ...amounts(locale) }),
      copy: mailCopy.favouritePriceDrop({
        buyer: saver.name,
        title: saver.title,
        fromCents: change.fromCents,
        toCents: change.toCents,
        currency: change.currency,
        url: linkTo(publicUrl, `/products/${change.productId}`),
      }),
    })),
  );
}

/** Sold through `bookingId`; its buyer is not told (their receipt says more). */
export async function tellSold(
  tx: DbOrTx,
  publicUrl: string,
  sale: { productId: string; bookingId: string; buyerId: string },
): Promise<void> {
  const savers = await saversOf(tx, [sale.productId], sale.buyerId);
  await tell(
    tx,
    savers.map((saver) => ({
      saver,
      key: `favourite:sold:${sale.bookingId}:${saver.userId}`,
      kind: 'sold',
      notice: (locale) => translate(locale, 'catalogue.noticeSold', { title: saver.title }),
      copy: mailCopy.favouriteSold({ buyer: saver.name, title: saver.title, url: linkTo(publicUrl, '/') }),
    })),
  );
}

/** Taken off the market (by its seller or an admin); a product is removed once. */
export async function tellRemoved(tx: DbOrTx, publicUrl: string, productIds: string[]): Promise<void> {
  const savers = await saversOf(tx, productIds);
  await tell(
    tx,
    savers.map((saver) => ({
      saver,
      key: `favourite:removed:${saver.productId}:${saver.userId}`,
      kind: 'removed',
      notice: (locale) => translate(locale, 'catalogue.noticeRemoved', { title: saver.title }),
      copy: mailCopy.favouriteRemoved({ buyer: saver.name, title: saver.title, url: linkTo(publicUrl, '/') }),
    })),
  );
}
