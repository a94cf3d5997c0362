/** The last mile of a sale: the handoff, cancelling a paid sale, the order page and the overview. */
import { bookingStatuses } from '../enums.js';
import { messageGroup, messageRecord, t } from './runtime.js';

export const orderMessages = messageGroup('orders', {
  handoffWrongCode: (left: number) => t('orders.handoffWrongCode', { left }),
});

/** Statuses as a person reads them. */
export const bookingStatusLabels = messageRecord('bookingStatus', bookingStatuses);

export const overviewMessages = messageGroup('overview');
