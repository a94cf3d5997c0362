import { conditions, messageRecord } from '@furniture-mart/shared';

/** Conditions as a person reads them, in the page's language. */
export const conditionLabels = messageRecord('condition', conditions);
