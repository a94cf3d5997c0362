import { t } from '@furniture-mart/shared';

/** React 19 hoists <title> into <head>, so each page names the browser tab and history entry. */
export function DocumentTitle({ title }: { title?: string }) {
  return <title>{title ? t('app.pageTitle', { page: title }) : t('app.title')}</title>;
}
