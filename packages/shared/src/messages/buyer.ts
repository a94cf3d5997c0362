/** Booking and report answers of the buyer flows. */
import { reportLimits, reportReasons } from '../enums.js';
import { messageGroup, messageRecord, t } from './runtime.js';

export const buyerMessages = messageGroup('buyer', {
  tooManyOpenBookings: (max: number) => t('buyer.tooManyOpenBookings', { max }),
  reportLimitReached: (minutes: number) =>
    t('buyer.reportLimitReached', { minutes, perHour: reportLimits.perHour }),
  /** `date` as the reader's language writes it. */
  hiddenOrder: (date: string) => t('buyer.hiddenOrder', { date }),
});

/** Report reasons as a person reads them. */
export const reportReasonLabels = messageRecord('reportReason', reportReasons);
