/**
 * The development mailbox at /dev/mail: every message the app queued, readable without a mail server.
 * Registered only outside production (where /dev/mail is an unknown page, 404).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '@furniture-mart/shared';

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export async function devMailRoutes(app: FastifyInstance): Promise<void> {
  if (app.config.NODE_ENV === 'production') return;
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get('/dev/mail', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await app.services.mail.list();
    const rows = mails
      .map(
        (mail) =>
          `<tr><td>${mail.createdAt.toISOString().replace('T', ' ').slice(0, 19)}</td><td>${escape(mail.toAddress)}</td><td><a href="/dev/mail/${mail.id}">${escape(mail.subject)}</a></td><td>${mail.status}</td></tr>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title>` +
          `<style>body{font-family:Arial,sans-serif;margin:24px;color:#1f2937}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;padding:8px;text-align:left}a{color:#b45309}</style></head>` +
          `<body><h1>Development mailbox</h1><p>Messages the app sent (no SMTP_URL is set, so they stay here). Newest first.</p>` +
          `<table><thead><tr><th>Queued (UTC)</th><th>To</th><th>Subject</th><th>Status</th></tr></thead><tbody>${rows || '<tr><td colspan="4">No messages yet.</td></tr>'}</tbody></table></body></html>`,
      );
  });

  route.get('/dev/mail/:id', { schema: { hide: true, params: idParams } }, async (request, reply) => {
    const mail = await app.services.mail.get(request.params.id);
    const header =
      `<div style="font-family:Arial,sans-serif;padding:12px 24px;background:#fff7ed;border-bottom:1px solid #fed7aa">` +
      `<a href="/dev/mail">← Development mailbox</a> · To: ${escape(mail.toAddress)} · Subject: ${escape(mail.subject)}</div>`;
    return reply
      .type('text/html; charset=utf-8')
      .send(mail.htmlBody.replace(/<body([^>]*)>/, (match) => `${match}${header}`));
  });
}
