import type { PaymentMethod } from '../enums.js';
import { formatMoney } from '../money.js';
import { refundReasonSentence } from './common.js';
import { localDigits } from './formats.js';
import type { Locale } from './locales.js';
import { currentLocale, messageGroup, translate, type MessageKey, type MessageValues } from './runtime.js';

/**
 * The words of every email and of the account recovery pages. The server renders the messages (plain
 * text and HTML) in the recipient's language; the web app shows the page texts.
 */
export const accountMessages = messageGroup('account', {
  verifyResentRecently: (minutes: number) =>
    translate(currentLocale(), 'account.verifyResentRecently', { minutes }),
});

export const newsletterMessages = messageGroup('newsletter');

export interface MailContact {
  name: string;
  email?: string | null;
  phone?: string | null;
}

/** Subject and paragraphs of each message; `link` is the button, built from PUBLIC_URL by the server. */
export interface MailCopy {
  /** The language it is written in (the HTML part's `lang`). */
  locale: Locale;
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** Labelled details (contacts, amounts, the handoff code). */
  details?: [string, string][];
  action?: { label: string; url: string };
  footer?: string;
  /** A link after the footer's words (unsubscribe, email settings): in the HTML part a link, not a bare address. */
  footerLink?: { label: string; url: string };
  /** The line that signs off every message. */
  signature: string;
}

/** A message not yet written: the outbox writes it in its recipient's language. */
export type LocalisedMail = (locale: Locale) => MailCopy;

/** Writes one message in `locale`: its words through `say`, the rest as `write` lays it out. */
function mail(
  write: (
    say: (key: MessageKey, values?: MessageValues) => string,
    locale: Locale,
  ) => Omit<MailCopy, 'locale' | 'signature'>,
): LocalisedMail {
  return (locale) => {
    const say = (key: MessageKey, values?: MessageValues) => translate(locale, key, values);
    return { locale, ...write(say, locale), signature: say('mail.signature') };
  };
}

/** How the order is paid, as a detail line of a message about it (none when nobody chose yet). */
const paidBy = (
  say: (key: MessageKey) => string,
  method: PaymentMethod | null | undefined,
): [string, string][] => (method ? [[say('mail.label.paidBy'), say(`paymentMethod.${method}`)]] : []);

const contactLines = (
  say: (key: MessageKey) => string,
  locale: Locale,
  label: MessageKey,
  contact: MailContact,
): [string, string][] => [
  [say(label), contact.name],
  ...(contact.phone
    ? ([[say('mail.label.phone'), localDigits(contact.phone, locale)]] as [string, string][])
    : []),
  ...(contact.email ? ([[say('mail.label.email'), contact.email]] as [string, string][]) : []),
];

export const mailCopy = {
  verifyEmail: (p: { name: string; url: string }) =>
    mail((say) => ({
      subject: say('mail.verifyEmail.subject'),
      greeting: say('mail.greeting', { name: p.name }),
      paragraphs: [say('mail.verifyEmail.welcome'), say('mail.verifyEmail.why')],
      action: { label: say('mail.verifyEmail.action'), url: p.url },
      footer: say('mail.verifyEmail.footer'),
    })),
  resetPassword: (p: { name: string; url: string }) =>
    mail((say) => ({
      subject: say('mail.resetPassword.subject'),
      greeting: say('mail.greeting', { name: p.name }),
      paragraphs: [say('mail.resetPassword.body')],
      action: { label: say('mail.resetPassword.action'), url: p.url },
      footer: say('mail.resetPassword.footer'),
    })),
  signInAttempts: (p: { name: string; failures: number; minutes: number; url: string }) =>
    mail((say) => ({
      subject: say('mail.signInAttempts.subject'),
      greeting: say('mail.greeting', { name: p.name }),
      paragraphs: [
        say('mail.signInAttempts.count', { failures: p.failures, minutes: p.minutes }),
        say('mail.signInAttempts.safe'),
      ],
      action: { label: say('mail.signInAttempts.action'), url: p.url },
      footer: say('mail.signInAttempts.footer'),
    })),
  bookingCreated: (p: { seller: string; title: string; buyer: MailContact; meeting: string; url: string }) =>
    mail((say, locale) => ({
      subject: say('mail.bookingCreated.subject', { title: p.title }),
      greeting: say('mail.greeting', { name: p.seller }),
      paragraphs: [say('mail.bookingCreated.body', { buyer: p.buyer.name, title: p.title })],
      details: [
        ...contactLines(say, locale, 'mail.label.buyer', p.buyer),
        [say('mail.label.meetingPlace'), p.meeting],
      ],
      action: { label: say('mail.action.seeOrder'), url: p.url },
    })),
  /** A step of an offer (issue 40), told to the person who has to know or act. */
  offerStep: (p: {
    name: string;
    title: string;
    step: 'received' | 'countered' | 'declined' | 'expiredBuyer' | 'expiredSeller' | 'released';
    amountCents: number;
    currency: string;
    url: string;
  }) =>
    mail((say, locale) => ({
      subject: say(`mail.offer.${p.step}.subject` as MessageKey, { title: p.title }),
      greeting: say('mail.greeting', { name: p.name }),
      paragraphs: [
        say(`mail.offer.${p.step}.body` as MessageKey, {
          title: p.title,
          amount: formatMoney(p.amountCents, p.currency, locale),
        }),
      ],
      action: { label: say('mail.action.seeOffer'), url: p.url },
    })),
  bookingLost: (p: { buyer: string; title: string; url: string }) =>
    mail((say) => ({
      subject: say('mail.bookingLost.subject', { title: p.title }),
      greeting: say('mail.greeting', { name: p.buyer }),
      paragraphs: [say('mail.bookingLost.body', { title: p.title })],
      action: { label: say('mail.action.findSomethingElse'), url: p.url },
    })),
  paymentReceipt: (p: {
    buyer: string;
    title: string;
    amountCents: number;
    currency: string;
    transactionId: string;
    seller: MailContact;
    meeting: string;
    code: string;
    url: string;
    method?: PaymentMethod | null;
  }) =>
    mail((say, locale) => ({
      subject: say('mail.paymentReceipt.subject', { title: p.title }),
      greeting: say('mail.greeting', { name: p.buyer }),
      paragraphs: [say('mail.paymentReceipt.thanks', { title: p.title }), say('mail.paymentReceipt.code')],
      details: [
        [say('mail.label.amount'), formatMoney(p.amountCents, p.currency, locale)],
        ...paidBy(say, p.method),
        [say('mail.label.transaction'), p.transactionId],
        ...contactLines(say, locale, 'mail.label.seller', p.seller),
        [say('mail.label.meetingPlace'), p.meeting],
        [say('mail.label.handoffCode'), localDigits(p.code, locale)],
      ],
      action: { label: say('mail.action.seeYourOrder'), url: p.url },
    })),
  sold: (p: {
    seller: string;
    title: string;
    amountCents: number;
    currency: string;
    buyer: MailContact;
    meeting: string;
    url: string;
    method?: PaymentMethod | null;
  }) =>
    mail((say, locale) => ({
      subject: say('mail.sold.subject', { title: p.title }),
      greeting: say('mail.greeting', { name: p.seller }),
      paragraphs: [
        say('mail.sold.paid', { title: p.title, amount: formatMoney(p.amountCents, p.currency, locale) }),
        say('mail.sold.code'),
      ],
      details: [
        ...paidBy(say, p.method),
        ...contactLines(say, locale, 'mail.label.buyer', p.buyer),
        [say('mail.label.meetingPlace'), p.meeting],
      ],
      action: { label: say('mail.sold.action'), url: p.url },
    })),
  cashReserved: (p: {
    seller: string;
    title: string;
    amountCents: number;
    currency: string;
    hours: number;
    buyer: MailContact;
    meeting: string;
    url: string;
  }) =>
    mail((say, locale) => ({
      subject: say('mail.cashReserved.subject', { title: p.title }),
      greeting: say('mail.greeting', { name: p.seller }),
      paragraphs: [
        say('mail.cashReserved.body', {
          buyer: p.buyer.name,
          title: p.title,
          amount: formatMoney(p.amountCents, p.currency, locale),
          hours: p.hours,
        }),
        say('mail.cashReserved.code'),
      ],
      details: [
        ...paidBy(say, 'cash'),
        ...contactLines(say, locale, 'mail.label.buyer', p.buyer),
        [say('mail.label.meetingPlace'), p.meeting],
      ],
      action: { label: say('mail.action.seeOrder'), url: p.url },
    })),
  cashLapsed: (p: { name: string; title: string; buyer: string; to: 'buyer' | 'seller'; url: string }) =>
    mail((say) => ({
      subject: say('mail.cashLapsed.subject', { title: p.title }),
      greeting: say('mail.greeting', { name: p.name }),
      paragraphs: [say(`mail.cashLapsed.${p.to}`, { title: p.title, buyer: p.buyer })],
      action: { label: say('mail.action.seeOrder'), url: p.url },
    })),
  completed: (p: { name: string; title: string; url: string; method?: PaymentMethod | null }) =>
    mail((say) => ({
      subject: say('mail.completed.subject', { title: p.title }),
      greeting: say('mail.greeting', { name: p.name }),
      paragraphs: [say('mail.completed.body', { title: p.title })],
      ...(p.method ? { details: paidBy(say, p.method) } : {}),
      action: { label: say('mail.action.seeOrder'), url: p.url },
    })),
  /** The day after a handoff: each side is asked to review the other. */
  reviewAsk: (p: { name: string; other: string; title: string; url: string }) =>
    mail((say) => ({
      subject: say('mail.reviewAsk.subject', { title: p.title }),
      greeting: say('mail.greeting', { name: p.name }),
      paragraphs: [say('mail.reviewAsk.body', { title: p.title, other: p.other })],
      action: { label: say('mail.reviewAsk.action'), url: p.url },
    })),
  /** Both reviews of an order became visible together. */
  reviewPublished: (p: { name: string; other: string; title: string; url: string }) =>
    mail((say) => ({
      subject: say('mail.reviewPublished.subject', { title: p.title }),
      greeting: say('mail.greeting', { name: p.name }),
      paragraphs: [say('mail.reviewPublished.body', { title: p.title, other: p.other })],
      action: { label: say('mail.reviewPublished.action'), url: p.url },
    })),
  refundBuyer: (p: {
    buyer: string;
    title: string;
    amountCents: number;
    currency: string;
    reason: string;
    url: string;
  }) =>
    mail((say, locale) => ({
      subject: say('mail.refundBuyer.subject', { title: p.title }),
      greeting: say('mail.greeting', { name: p.buyer }),
      paragraphs: [
        say('mail.refundBuyer.body', { title: p.title }),
        refundReasonSentence(p.reason, 'buyer', locale),
        say('mail.refundBuyer.amount', { amount: formatMoney(p.amountCents, p.currency, locale) }),
      ],
      action: { label: say('mail.action.seeYourOrder'), url: p.url },
    })),
  refundSeller: (p: { seller: string; title: string; reason: string; url: string }) =>
    mail((say, locale) => ({
      subject: say('mail.refundSeller.subject', { title: p.title }),
      greeting: say('mail.greeting', { name: p.seller }),
      paragraphs: [
        say('mail.refundSeller.body', { title: p.title }),
        refundReasonSentence(p.reason, 'seller', locale),
      ],
      action: { label: say('mail.action.seeOrder'), url: p.url },
    })),
  sellerVerified: (p: { seller: string; url: string }) =>
    mail((say) => ({
      subject: say('mail.sellerVerified.subject'),
      greeting: say('mail.greeting', { name: p.seller }),
      paragraphs: [say('mail.sellerVerified.body')],
      action: { label: say('mail.sellerVerified.action'), url: p.url },
    })),
  reportHandled: (p: {
    reporter: string;
    title: string;
    removed: boolean;
    url: string;
    /** A report of a message in a conversation about the product, not of the product. */
    aboutMessage?: boolean;
  }) =>
    mail((say) => ({
      subject: say('mail.reportHandled.subject', { title: p.title }),
      greeting: say('mail.greeting', { name: p.reporter }),
      paragraphs: [
        say(
          p.aboutMessage
            ? p.removed
              ? 'mail.reportHandled.messageRemoved'
              : 'mail.reportHandled.messageKept'
            : p.removed
              ? 'mail.reportHandled.removed'
              : 'mail.reportHandled.kept',
          { title: p.title },
        ),
      ],
      action: { label: say('mail.reportHandled.action'), url: p.url },
    })),
  newsletterConfirm: (p: { confirmUrl: string; unsubscribeUrl: string }) =>
    mail((say) => ({
      subject: say('mail.newsletterConfirm.subject'),
      greeting: say('mail.greetingAnyone'),
      paragraphs: [say('mail.newsletterConfirm.asked'), say('mail.newsletterConfirm.confirm')],
      action: { label: say('mail.newsletterConfirm.action'), url: p.confirmUrl },
      footer: say('mail.newsletterConfirm.footer'),
      footerLink: { label: say('mail.newsletterConfirm.unsubscribe'), url: p.unsubscribeUrl },
    })),
  favouritePriceDrop: (p: {
    buyer: string;
    title: string;
    fromCents: number;
    toCents: number;
    currency: string;
    url: string;
  }) =>
    mail((say, locale) => {
      const from = formatMoney(p.fromCents, p.currency, locale);
      const to = formatMoney(p.toCents, p.currency, locale);
      return {
        subject: say('mail.favouritePriceDrop.subject', { title: p.title }),
        greeting: say('mail.greeting', { name: p.buyer }),
        paragraphs: [say('catalogue.noticePriceDrop', { title: p.title, from, to })],
        details: [
          [say('mail.label.was'), from],
          [say('mail.label.now'), to],
        ],
        action: { label: say('mail.favouritePriceDrop.action'), url: p.url },
        footer: say('mail.favouritePriceDrop.footer'),
      };
    }),
  favouriteSold: (p: { buyer: string; title: string; url: string }) =>
    mail((say) => ({
      subject: say('mail.favouriteSold.subject', { title: p.title }),
      greeting: say('mail.greeting', { name: p.buyer }),
      paragraphs: [say('catalogue.noticeSold', { title: p.title }), say('mail.favouriteSold.more')],
      action: { label: say('mail.action.findSomethingElse'), url: p.url },
    })),
  /** A message waits unread: who wrote and about what, never what they wrote. */
  newMessage: (p: { reader: string; sender: string; title: string; url: string; settingsUrl: string }) =>
    mail((say) => ({
      subject: say('mail.newMessage.subject', { name: p.sender, title: p.title }),
      greeting: say('mail.greeting', { name: p.reader }),
      paragraphs: [say('mail.newMessage.body', { name: p.sender, title: p.title })],
      action: { label: say('mail.newMessage.action'), url: p.url },
      footer: say('mail.newMessage.footer'),
      footerLink: { label: say('mail.newMessage.settings'), url: p.settingsUrl },
    })),
  favouriteRemoved: (p: { buyer: string; title: string; url: string }) =>
    mail((say) => ({
      subject: say('mail.favouriteRemoved.subject', { title: p.title }),
      greeting: say('mail.greeting', { name: p.buyer }),
      paragraphs: [say('catalogue.noticeRemoved', { title: p.title })],
      action: { label: say('mail.action.findSomethingElse'), url: p.url },
    })),
} as const;
