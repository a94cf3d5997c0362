/** React 19 hoists <title> into <head>, so each page names the browser tab and history entry. */
export function DocumentTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} | Furniture Mart` : 'Furniture Mart'}</title>;
}
