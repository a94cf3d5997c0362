/** What the API answers when nothing more particular can be said: the default of each error code. */
import { messageGroup, t } from './runtime.js';

export const errorMessages = messageGroup('errors', {
  noRoute: (method: string, path: string) => t('errors.noRoute', { method, path }),
  fieldsNotAllowed: (fields: string) => t('errors.fieldsNotAllowed', { fields }),
});
