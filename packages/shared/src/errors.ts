/**
 * Every error code the API answers with, its HTTP status and the sentence it says when the thrower has
 * nothing more particular. The server's typed errors take their status from here, and the web app
 * branches on these codes (never on the wording of a message). No Zod here: every page loads this file,
 * and the error answer's schema lives in common.ts with the other shapes.
 */
import {
  accountMessages,
  adminMessages,
  cardMessages,
  buyerMessages,
  errorMessages,
  messages,
  orderMessages,
  paymentMessages,
  sellerMessages,
} from './messages/index.js';

const entry = <S extends number>(status: S, message: string) => ({ status, message });

export const errorCodes = {
  // 400: the request itself is wrong
  BAD_REQUEST: entry(400, errorMessages.badRequest),
  VALIDATION_FAILED: entry(400, messages.fieldsNeedAttention),
  INVALID_TEXT: entry(400, errorMessages.invalidText),
  BODY_TOO_DEEP: entry(400, errorMessages.bodyTooDeep),
  BAD_URL: entry(400, errorMessages.badUrl),
  NO_FILE: entry(400, sellerMessages.noFile),
  TOO_MANY_FILES: entry(400, sellerMessages.oneFileOnly),
  MALFORMED_UPLOAD: entry(400, sellerMessages.malformedUpload),
  IMAGE_TOO_MANY_PIXELS: entry(400, errorMessages.badRequest),
  WRONG_PASSWORD: entry(400, messages.wrongCurrentPassword),
  INVALID_TOKEN: entry(400, accountMessages.resetInvalid),
  WRONG_HANDOFF_CODE: entry(400, orderMessages.handoffCodeFormat),
  INVALID_SIGNATURE: entry(400, paymentMessages.invalidSignature),
  MALFORMED_EVENT: entry(400, paymentMessages.malformedEvent),
  // 401, 402, 403: who is asking
  UNAUTHORIZED: entry(401, errorMessages.unauthorized),
  INVALID_CREDENTIALS: entry(401, messages.loginFailed),
  CARD_DECLINED: entry(402, cardMessages.declined),
  FORBIDDEN: entry(403, errorMessages.forbidden),
  BAD_ORIGIN: entry(403, errorMessages.badOrigin),
  OWN_PRODUCT: entry(403, buyerMessages.ownProduct),
  ACCOUNT_REMOVED: entry(403, messages.accountRemoved),
  // 404: unknown, or not yours (the same answer, so ids cannot be probed)
  NOT_FOUND: entry(404, errorMessages.notFound),
  WEBHOOK_NOT_CONFIGURED: entry(404, paymentMessages.webhookNotConfigured),
  // 410: it was there, and its owner took it away
  ORDER_DELETED: entry(410, buyerMessages.orderDeleted),
  // 409: the request is fine, the state of things refuses it
  CONFLICT: entry(409, errorMessages.conflict),
  EMAIL_TAKEN: entry(409, messages.emailTaken),
  ALREADY_VERIFIED: entry(409, adminMessages.alreadyVerified),
  CANNOT_REMOVE_SELF: entry(409, adminMessages.cannotRemoveSelf),
  CANNOT_REMOVE_ADMIN: entry(409, adminMessages.cannotRemoveAdmin),
  ALREADY_ADVERTISED: entry(409, sellerMessages.alreadyAdvertised),
  PRODUCT_REMOVED: entry(409, sellerMessages.removedCannotAdvertise),
  PRODUCT_SOLD: entry(409, messages.productSold),
  BEING_PAID: entry(409, sellerMessages.editBeingPaid),
  PRODUCT_UNAVAILABLE: entry(409, buyerMessages.productUnavailable),
  ALREADY_BOOKED: entry(409, messages.alreadyBooked),
  TOO_MANY_OPEN_BOOKINGS: entry(409, errorMessages.conflict),
  ALREADY_REPORTED: entry(409, messages.alreadyReported),
  ALREADY_PAID: entry(409, paymentMessages.alreadyPaid),
  NOT_AUTHORIZED: entry(409, paymentMessages.notAuthorized),
  HOLD_WINDOW_OVER: entry(409, paymentMessages.holdWindowOver),
  PAYING_FOR_ANOTHER: entry(409, paymentMessages.payingForAnother),
  SOMEONE_ELSE_PAYING: entry(409, messages.someoneElsePaying),
  BOOKING_CANCELLED: entry(409, paymentMessages.orderCancelled),
  ALREADY_COMPLETED: entry(409, orderMessages.alreadyCompleted),
  ALREADY_REFUNDED: entry(409, orderMessages.alreadyRefunded),
  ORDER_NOT_PAID: entry(409, orderMessages.notPaid),
  HANDOFF_LOCKED: entry(409, orderMessages.handoffLocked),
  ORDER_AWAITING_HANDOFF: entry(409, buyerMessages.paidOrderCannotBeDeleted),
  SALE_AWAITING_HANDOFF: entry(409, sellerMessages.saleWaitingForHandoff),
  PRICE_CHANGED: entry(409, paymentMessages.priceChanged),
  // 413 to 429: size, type and pace
  PAYLOAD_TOO_LARGE: entry(413, errorMessages.payloadTooLarge),
  URI_TOO_LONG: entry(414, errorMessages.uriTooLong),
  UNSUPPORTED_MEDIA_TYPE: entry(415, errorMessages.unsupportedMediaType),
  RATE_LIMITED: entry(429, errorMessages.rateLimited),
  // 5xx: our side or a provider's; never with internal detail
  INTERNAL: entry(500, errorMessages.internal),
  PAYMENT_PROVIDER_ERROR: entry(502, paymentMessages.providerFailed),
  UNAVAILABLE: entry(503, errorMessages.unavailable),
  PAYMENT_PROVIDER_UNAVAILABLE: entry(503, paymentMessages.providerUnavailable),
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
