import { formatMoney } from '../money.js';
import { catalogueMessages } from './catalogue.js';

/**
 * The words of every email and of the account recovery pages. The server renders the messages (plain
 * text and HTML); the web app shows the page texts.
 */
export const accountMessages = {
  forgotTitle: 'Forgot your password?',
  forgotIntro: 'Enter the email of your account and we will send you a link to choose a new password.',
  forgotSent: 'If an account uses this email, a link to reset its password is on its way. Check your inbox.',
  forgotLink: 'Forgot password?',
  sendLink: 'Send reset link',
  resetTitle: 'Choose a new password',
  resetIntro: 'Use at least 8 characters. Every device signed in to your account is signed out.',
  resetSubmit: 'Save new password',
  resetDone: 'Your password is changed. Log in with the new one.',
  resetInvalid: 'This reset link is invalid, expired or already used. Ask for a new one.',
  newPassword: 'New password',
  verifyBanner: 'Please confirm your email address: we sent you a link.',
  verifyResend: 'Resend',
  verifySent: 'A new confirmation link is on its way.',
  verifyResentRecently: (minutes: number) =>
    `A confirmation link was sent to this address a few minutes ago. Check your inbox, or ask again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  verified: 'Your email address is confirmed. Thank you!',
  verifyFailed: 'This confirmation link is invalid or expired. Use Resend to get a new one.',
} as const;

export const newsletterMessages = {
  confirmSent: 'Almost done: confirm your subscription with the link we just emailed you.',
  confirmed: 'Your newsletter subscription is confirmed.',
  unsubscribed: 'You are unsubscribed. We will not email you the newsletter again.',
  invalidLink: 'This link is invalid or no longer works.',
} as const;

const money = (cents: number, currency: string) => formatMoney(cents, currency);

export interface MailContact {
  name: string;
  email?: string | null;
  phone?: string | null;
}

/** Subject and paragraphs of each message; `link` is the button, built from PUBLIC_URL by the server. */
export interface MailCopy {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** Labelled details (contacts, amounts, the handoff code). */
  details?: [string, string][];
  action?: { label: string; url: string };
  footer?: string;
}

const contactLines = (label: string, contact: MailContact): [string, string][] => [
  [label, contact.name],
  ...(contact.phone ? ([['Phone', contact.phone]] as [string, string][]) : []),
  ...(contact.email ? ([['Email', contact.email]] as [string, string][]) : []),
];

export const mailCopy = {
  verifyEmail: (p: { name: string; url: string }): MailCopy => ({
    subject: 'Confirm your email address',
    greeting: `Hello ${p.name},`,
    paragraphs: [
      'Welcome to Furniture Mart. Please confirm that this email address is yours.',
      'You can browse, book and sell without confirming; a confirmed address shows sellers a trust mark.',
    ],
    action: { label: 'Confirm my email', url: p.url },
    footer: 'If you did not sign up, ignore this message.',
  }),
  resetPassword: (p: { name: string; url: string }): MailCopy => ({
    subject: 'Reset your password',
    greeting: `Hello ${p.name},`,
    paragraphs: ['Someone asked to reset the password of your account. The link works once, for one hour.'],
    action: { label: 'Choose a new password', url: p.url },
    footer: 'If it was not you, ignore this message: your password stays as it is.',
  }),
  signInAttempts: (p: { name: string; failures: number; minutes: number; url: string }): MailCopy => ({
    subject: 'Someone is trying to sign in to your account',
    greeting: `Hello ${p.name},`,
    paragraphs: [
      `Your password was entered wrongly ${p.failures} times in the last ${p.minutes} minutes.`,
      'If that was not you, your password kept them out, and you can still sign in as usual. If your password is easy to guess or used elsewhere, choose a new one.',
    ],
    action: { label: 'Choose a new password', url: p.url },
    footer: 'If it was you, there is nothing to do.',
  }),
  bookingCreated: (p: {
    seller: string;
    title: string;
    buyer: MailContact;
    meeting: string;
    url: string;
  }): MailCopy => ({
    subject: `New booking: ${p.title}`,
    greeting: `Hello ${p.seller},`,
    paragraphs: [`${p.buyer.name} booked “${p.title}”. They pay online, then collect the item from you.`],
    details: [...contactLines('Buyer', p.buyer), ['Meeting place', p.meeting]],
    action: { label: 'See the order', url: p.url },
  }),
  bookingLost: (p: { buyer: string; title: string; url: string }): MailCopy => ({
    subject: `No longer available: ${p.title}`,
    greeting: `Hello ${p.buyer},`,
    paragraphs: [
      `Sorry, “${p.title}” sold to another buyer, so your booking is cancelled. Nothing was charged.`,
    ],
    action: { label: 'Find something else', url: p.url },
  }),
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
  }): MailCopy => ({
    subject: `Receipt: ${p.title}`,
    greeting: `Hello ${p.buyer},`,
    paragraphs: [
      `Thank you: your payment for “${p.title}” went through. Contact the seller to arrange the pickup.`,
      'At pickup, show the seller your handoff code. Never share it before you have the item.',
    ],
    details: [
      ['Amount', money(p.amountCents, p.currency)],
      ['Transaction', p.transactionId],
      ...contactLines('Seller', p.seller),
      ['Meeting place', p.meeting],
      ['Handoff code', p.code],
    ],
    action: { label: 'See your order', url: p.url },
  }),
  sold: (p: {
    seller: string;
    title: string;
    amountCents: number;
    currency: string;
    buyer: MailContact;
    meeting: string;
    url: string;
  }): MailCopy => ({
    subject: `Sold: ${p.title}`,
    greeting: `Hello ${p.seller},`,
    paragraphs: [
      `“${p.title}” is paid (${money(p.amountCents, p.currency)}). Arrange the pickup with the buyer.`,
      'At pickup, ask the buyer for their handoff code and enter it on the order page.',
    ],
    details: [...contactLines('Buyer', p.buyer), ['Meeting place', p.meeting]],
    action: { label: 'Open the order', url: p.url },
  }),
  completed: (p: { name: string; title: string; url: string }): MailCopy => ({
    subject: `Completed: ${p.title}`,
    greeting: `Hello ${p.name},`,
    paragraphs: [`The order for “${p.title}” is completed. Thank you for using Furniture Mart.`],
    action: { label: 'See the order', url: p.url },
  }),
  refundBuyer: (p: {
    buyer: string;
    title: string;
    amountCents: number;
    currency: string;
    reason: string;
    url: string;
  }): MailCopy => ({
    subject: `Refund: ${p.title}`,
    greeting: `Hello ${p.buyer},`,
    paragraphs: [
      `Your order for “${p.title}” is refunded: ${p.reason}.`,
      `${money(p.amountCents, p.currency)} goes back to your card; your bank may take a few days to show it.`,
    ],
    action: { label: 'See your order', url: p.url },
  }),
  refundSeller: (p: { seller: string; title: string; reason: string; url: string }): MailCopy => ({
    subject: `Sale refunded: ${p.title}`,
    greeting: `Hello ${p.seller},`,
    paragraphs: [
      `The sale of “${p.title}” was refunded to the buyer: ${p.reason}. Do not hand the item over.`,
    ],
    action: { label: 'See the order', url: p.url },
  }),
  sellerVerified: (p: { seller: string; url: string }): MailCopy => ({
    subject: 'You are a verified seller',
    greeting: `Hello ${p.seller},`,
    paragraphs: ['An administrator verified your account. Buyers now see a verified mark beside your name.'],
    action: { label: 'Go to My Products', url: p.url },
  }),
  reportHandled: (p: { reporter: string; title: string; removed: boolean; url: string }): MailCopy => ({
    subject: `Your report about ${p.title}`,
    greeting: `Hello ${p.reporter},`,
    paragraphs: [
      p.removed
        ? `Thank you for your report. We removed “${p.title}” from Furniture Mart.`
        : `Thank you for your report. We looked at “${p.title}” and decided to keep it listed.`,
    ],
    action: { label: 'Browse Furniture Mart', url: p.url },
  }),
  newsletterConfirm: (p: { confirmUrl: string; unsubscribeUrl: string }): MailCopy => ({
    subject: 'Confirm your newsletter subscription',
    greeting: 'Hello,',
    paragraphs: [
      'Someone, hopefully you, asked to receive the Furniture Mart newsletter at this address.',
      'Confirm with the button below; without it you get nothing from us.',
    ],
    action: { label: 'Confirm subscription', url: p.confirmUrl },
    footer: `Changed your mind? Unsubscribe: ${p.unsubscribeUrl}`,
  }),
  favouritePriceDrop: (p: {
    buyer: string;
    title: string;
    fromCents: number;
    toCents: number;
    currency: string;
    url: string;
  }): MailCopy => ({
    subject: `Price drop: ${p.title}`,
    greeting: `Hello ${p.buyer},`,
    paragraphs: [
      catalogueMessages.noticePriceDrop(
        p.title,
        money(p.fromCents, p.currency),
        money(p.toCents, p.currency),
      ),
    ],
    details: [
      ['Was', money(p.fromCents, p.currency)],
      ['Now', money(p.toCents, p.currency)],
    ],
    action: { label: 'See the item', url: p.url },
    footer: 'You get this message because you saved this item. Remove it from your favourites to stop.',
  }),
  favouriteSold: (p: { buyer: string; title: string; url: string }): MailCopy => ({
    subject: `Sold: ${p.title}`,
    greeting: `Hello ${p.buyer},`,
    paragraphs: [catalogueMessages.noticeSold(p.title), 'There is more furniture like it on the site.'],
    action: { label: 'Find something else', url: p.url },
  }),
  favouriteRemoved: (p: { buyer: string; title: string; url: string }): MailCopy => ({
    subject: `No longer on sale: ${p.title}`,
    greeting: `Hello ${p.buyer},`,
    paragraphs: [catalogueMessages.noticeRemoved(p.title)],
    action: { label: 'Find something else', url: p.url },
  }),
} as const;
