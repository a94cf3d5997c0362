/** POST /api/newsletter: the footer's sign-up form. Public, so it is rate limited per address. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  newsletterBody,
  newsletterLinkQuery,
  newsletterSubscribedSchema,
  newsletterTokenPattern,
} from '@furniture-mart/shared';

/** Sign-ups per client address per minute: plenty for people, too few for a script filling the list. */
export const NEWSLETTER_SIGNUPS_PER_MINUTE = 10;

export async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.post(
    '/api/newsletter',
    {
      config: { rateLimit: { max: NEWSLETTER_SIGNUPS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['newsletter'],
        summary:
          'Subscribe an email address to the newsletter (repeating it is a success that changes nothing)',
        body: newsletterBody,
        response: { 200: newsletterSubscribedSchema },
      },
    },
    async (request) => {
      await app.services.newsletter.subscribe(request.body);
      return { subscribed: true as const };
    },
  );

  for (const action of ['confirm', 'unsubscribe'] as const) {
    route.get(
      `/api/newsletter/${action}`,
      {
        config: { rateLimit: { max: NEWSLETTER_SIGNUPS_PER_MINUTE, timeWindow: '1 minute' } },
        schema: {
          tags: ['newsletter'],
          summary:
            action === 'confirm'
              ? 'The confirm link of the sign-up mail (double opt-in); goes on to the home page'
              : 'The unsubscribe link of the newsletter mails; goes on to the home page',
          querystring: newsletterLinkQuery,
        },
      },
      async (request, reply) => {
        const { token } = request.query;
        const outcome =
          token && newsletterTokenPattern.test(token)
            ? await app.services.newsletter[action](token)
            : 'invalid';
        return reply.redirect(`/?newsletter=${outcome}`, 303);
      },
    );
  }
}
