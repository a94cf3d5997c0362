/** Failures of a card payment, as typed errors the API's error handler answers. */
import { AppError } from '../errors.js';

/** 402 Payment Required: the card was refused. The message is the provider's, for the buyer to read. */
export class CardDeclined extends AppError {
  constructor(
    message: string,
    public readonly declineCode = 'card_declined',
  ) {
    super('CARD_DECLINED', message);
  }
}

/** The provider could not be reached or is overloaded; nothing was charged by this request. */
export class PaymentProviderUnavailable extends AppError {
  constructor() {
    super('PAYMENT_PROVIDER_UNAVAILABLE');
  }
}

/** The provider refused a request we made (not the card): a bug or a misconfiguration, logged. */
export class PaymentProviderFailed extends AppError {
  constructor(public readonly detail: string) {
    super('PAYMENT_PROVIDER_ERROR');
  }
}

/**
 * The wallet could not be reached or timed out: 503 with Retry-After, nothing taken, and the booking
 * still payable (its hold is released by checkout).
 */
export class WalletUnavailable extends AppError {
  constructor(message: string) {
    super('PAYMENT_PROVIDER_UNAVAILABLE', message, undefined, 30);
  }
}

/**
 * The wallet answered but refused (insufficient balance, not approved, cancelled): in its own code and
 * words. Not an HTTP answer by itself: the wallet callback turns it into the order page's outcome.
 */
export class WalletRefused extends Error {
  constructor(
    readonly walletCode: string,
    message: string,
  ) {
    super(message);
  }
}
