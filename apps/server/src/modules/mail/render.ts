/**
 * One message in our look: a plain-text part and an HTML part from the same copy (packages/shared's
 * mailCopy), in the language the copy was written in. Every value is escaped in the HTML; links are
 * absolute, built from PUBLIC_URL.
 */
import { localeTags, type MailCopy } from '@furniture-mart/shared';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function renderMail(copy: MailCopy): RenderedMail {
  const text = [
    copy.greeting,
    '',
    ...copy.paragraphs.flatMap((p) => [p, '']),
    ...(copy.details?.length ? [...copy.details.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(copy.action ? [`${copy.action.label}: ${copy.action.url}`, ''] : []),
    ...(copy.footer || copy.footerLink
      ? [
          [copy.footer, copy.footerLink && `${copy.footerLink.label}: ${copy.footerLink.url}`]
            .filter(Boolean)
            .join(' '),
          '',
        ]
      : []),
    copy.signature,
  ].join('\n');

  const details = copy.details?.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:16px 0;width:100%">${copy.details
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 12px 6px 0;color:#6b7280;white-space:nowrap">${escape(label)}</td><td style="padding:6px 0;font-weight:600">${escape(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const action = copy.action
    ? `<p style="margin:24px 0"><a href="${escape(copy.action.url)}" style="background:#b45309;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block;font-weight:600">${escape(copy.action.label)}</a></p><p style="font-size:12px;color:#6b7280;word-break:break-all">${escape(copy.action.url)}</p>`
    : '';
  const footerLink = copy.footerLink
    ? `<a href="${escape(copy.footerLink.url)}" style="color:#b45309">${escape(copy.footerLink.label)}</a>`
    : '';
  const footer =
    copy.footer || copy.footerLink
      ? `<p style="font-size:13px;color:#6b7280">${[copy.footer ? escape(copy.footer) : '', footerLink]
          .filter(Boolean)
          .join(' ')}</p>`
      : '';
  const html = `<!doctype html>
<html lang="${localeTags[copy.locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(copy.subject)}</title></head>
<body style="margin:0;background:#f5f1ea;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" style="border-collapse:collapse"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;border-collapse:collapse">
<tr><td style="padding:20px 28px;border-bottom:1px solid #eee;font-size:20px;font-weight:700;color:#b45309">Furniture Mart</td></tr>
<tr><td style="padding:24px 28px;font-size:15px;line-height:1.5">
<p style="margin:0 0 12px">${escape(copy.greeting)}</p>
${copy.paragraphs.map((p) => `<p style="margin:0 0 12px">${escape(p)}</p>`).join('\n')}
${details}${action}${footer}
</td></tr></table></td></tr></table></body></html>`;
  return { subject: copy.subject, text, html };
}
