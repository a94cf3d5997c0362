/**
 * Every error code the API answers with, its HTTP status and the sentence it says when the thrower has
 * nothing more particular. The server's typed errors take their status from here, and the web app
 * branches on these codes (never on the wording of a message); the sentence is in the language of the
 * request that reads it. No Zod here: every page loads this file, and the error answer's schema lives
 * in common.ts with the other shapes.
 */
import { t, type MessageKey } from './messages/runtime.js';

/** A code's status and default sentence, read in the current language whenever it is read. */
const entry = <S extends number>(status: S, key: MessageKey) => ({
  status,
  get message(): string {
    return t(key);
  },
});

export const errorCodes = {
  // 400: the request itself is wrong
  BAD_REQUEST: entry(400, 'errors.badRequest'),
  VALIDATION_FAILED: entry(400, 'common.fieldsNeedAttention'),
  INVALID_TEXT: entry(400, 'errors.invalidText'),
  BODY_TOO_DEEP: entry(400, 'errors.bodyTooDeep'),
  BAD_URL: entry(400, 'errors.badUrl'),
  NO_FILE: entry(400, 'seller.noFile'),
  TOO_MANY_FILES: entry(400, 'seller.oneFileOnly'),
  MALFORMED_UPLOAD: entry(400, 'seller.malformedUpload'),
  IMAGE_TOO_MANY_PIXELS: entry(400, 'errors.badRequest'),
  WRONG_PASSWORD: entry(400, 'common.wrongCurrentPassword'),
  INVALID_TOKEN: entry(400, 'account.resetInvalid'),
  WRONG_WALLET_PIN: entry(400, 'wallet.wrongPin'),
  WRONG_HANDOFF_CODE: entry(400, 'orders.handoffCodeFormat'),
  INVALID_SIGNATURE: entry(400, 'payments.invalidSignature'),
  MALFORMED_EVENT: entry(400, 'payments.malformedEvent'),
  // 401, 402, 403: who is asking
  UNAUTHORIZED: entry(401, 'errors.unauthorized'),
  INVALID_CREDENTIALS: entry(401, 'common.loginFailed'),
  CARD_DECLINED: entry(402, 'card.declined'),
  FORBIDDEN: entry(403, 'errors.forbidden'),
  BAD_ORIGIN: entry(403, 'errors.badOrigin'),
  OWN_PRODUCT: entry(403, 'buyer.ownProduct'),
  ACCOUNT_REMOVED: entry(403, 'common.accountRemoved'),
  BLOCKED: entry(403, 'conversations.blockedByThem'),
  COUNTERPART_REMOVED: entry(403, 'conversations.counterpartRemoved'),
  // 404: unknown, or not yours (the same answer, so ids cannot be probed)
  NOT_FOUND: entry(404, 'errors.notFound'),
  WEBHOOK_NOT_CONFIGURED: entry(404, 'payments.webhookNotConfigured'),
  // 410: it was there, and its owner took it away
  ORDER_DELETED: entry(410, 'buyer.orderDeleted'),
  // 409: the request is fine, the state of things refuses it
  CONFLICT: entry(409, 'errors.conflict'),
  EMAIL_TAKEN: entry(409, 'common.emailTaken'),
  ALREADY_VERIFIED: entry(409, 'admin.alreadyVerified'),
  CANNOT_REMOVE_SELF: entry(409, 'admin.cannotRemoveSelf'),
  CANNOT_REMOVE_ADMIN: entry(409, 'admin.cannotRemoveAdmin'),
  ALREADY_ADVERTISED: entry(409, 'seller.alreadyAdvertised'),
  PRODUCT_REMOVED: entry(409, 'seller.removedCannotAdvertise'),
  PRODUCT_SOLD: entry(409, 'common.productSold'),
  BEING_PAID: entry(409, 'seller.editBeingPaid'),
  PRODUCT_UNAVAILABLE: entry(409, 'buyer.productUnavailable'),
  ALREADY_BOOKED: entry(409, 'common.alreadyBooked'),
  TOO_MANY_OPEN_BOOKINGS: entry(409, 'errors.conflict'),
  ALREADY_REPORTED: entry(409, 'common.alreadyReported'),
  ALREADY_PAID: entry(409, 'payments.alreadyPaid'),
  NOT_AUTHORIZED: entry(409, 'payments.notAuthorized'),
  HOLD_WINDOW_OVER: entry(409, 'payments.holdWindowOver'),
  PAYING_FOR_ANOTHER: entry(409, 'payments.payingForAnother'),
  SOMEONE_ELSE_PAYING: entry(409, 'common.someoneElsePaying'),
  BOOKING_CANCELLED: entry(409, 'payments.orderCancelled'),
  ALREADY_COMPLETED: entry(409, 'orders.alreadyCompleted'),
  ALREADY_REFUNDED: entry(409, 'orders.alreadyRefunded'),
  ORDER_NOT_PAID: entry(409, 'orders.notPaid'),
  HANDOFF_LOCKED: entry(409, 'orders.handoffLocked'),
  ORDER_AWAITING_HANDOFF: entry(409, 'buyer.paidOrderCannotBeDeleted'),
  SALE_AWAITING_HANDOFF: entry(409, 'seller.saleWaitingForHandoff'),
  PRICE_CHANGED: entry(409, 'payments.priceChanged'),
  // Choosing how to pay (decision 0090)
  PAYMENT_METHOD_NOT_OFFERED: entry(409, 'payments.methodNotOffered'),
  CASH_NOT_OFFERED: entry(409, 'cash.notOffered'),
  CASH_RESERVATION_EXISTS: entry(409, 'cash.oneAtATime'),
  CASH_BLOCKED: entry(409, 'cash.blocked'),
  RESERVATION_LAPSED: entry(409, 'cash.lapsed'),
  UNKNOWN_WALLET_PAYMENT: entry(404, 'wallet.unknownPayment'),
  // trust: refusals at pickup and reviews (issue 41)
  ALREADY_REFUSED: entry(409, 'reviews.alreadyRefused'),
  NOT_REFUSED: entry(409, 'reviews.notRefused'),
  REVIEW_NOT_OPEN: entry(409, 'reviews.notOpen'),
  REVIEW_WINDOW_OVER: entry(409, 'reviews.windowOver'),
  ALREADY_REVIEWED: entry(409, 'reviews.alreadyReviewed'),
  ALREADY_REPLIED: entry(409, 'reviews.alreadyReplied'),
  // offers (issue 40)
  FIRM_PRICE: entry(409, 'offers.firmPrice'),
  ALREADY_OFFERED: entry(409, 'offers.alreadyOffered'),
  TOO_MANY_OFFERS: entry(409, 'errors.conflict'),
  OFFER_NOT_OPEN: entry(409, 'offers.notOpen'),
  OFFER_EXPIRED: entry(409, 'offers.expired'),
  ALREADY_COUNTERED: entry(409, 'offers.alreadyCountered'),
  CAPTURE_REFUSED: entry(409, 'offers.captureRefused'),
  // 413 to 429: size, type and pace
  PAYLOAD_TOO_LARGE: entry(413, 'errors.payloadTooLarge'),
  URI_TOO_LONG: entry(414, 'errors.uriTooLong'),
  UNSUPPORTED_MEDIA_TYPE: entry(415, 'errors.unsupportedMediaType'),
  RATE_LIMITED: entry(429, 'errors.rateLimited'),
  // 5xx: our side or a provider's; never with internal detail
  INTERNAL: entry(500, 'errors.internal'),
  PAYMENT_PROVIDER_ERROR: entry(502, 'payments.providerFailed'),
  UNAVAILABLE: entry(503, 'errors.unavailable'),
  PAYMENT_PROVIDER_UNAVAILABLE: entry(503, 'payments.providerUnavailable'),
} as const;

export type ErrorCode = keyof typeof errorCodes;

/** The codes answered with one HTTP status, e.g. ErrorCodeOf<409>. */
export type ErrorCodeOf<S extends number> = {
  [K in ErrorCode]: (typeof errorCodes)[K]['status'] extends S ? K : never;
}[ErrorCode];

/** `errorCode.EMAIL_TAKEN === 'EMAIL_TAKEN'`: the codes as constants to compare with. */
export const errorCode = Object.fromEntries(Object.keys(errorCodes).map((code) => [code, code])) as {
  readonly [K in ErrorCode]: K;
};

/**
 * Codes the web app gives failures that never reached the API's error format: no answer at all, or an
 * answer that is not JSON. The server never sends them.
 */
export const clientErrorCodes = {
  NETWORK_ERROR: 'NETWORK_ERROR',
  INVALID_RESPONSE: 'INVALID_RESPONSE',
} as const;
