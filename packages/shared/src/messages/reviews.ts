/** Refusing at pickup, reviews and reputation (issue 41). */
import { refusalReasons } from '../enums.js';
import { messageGroup, messageRecord } from './runtime.js';

export const reviewMessages = messageGroup('reviews');

/** Refusal reasons as a person reads them. */
export const refusalReasonLabels = messageRecord('refusalReason', refusalReasons);
