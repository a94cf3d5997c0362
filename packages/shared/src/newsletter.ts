/** The newsletter: the footer's sign-up form and the links of its mails. */
import { z } from 'zod';
import { emailSchema } from './common.js';

export const newsletterBody = z.object({ email: emailSchema });
export type NewsletterBody = z.infer<typeof newsletterBody>;

export const newsletterSubscribedSchema = z.object({ subscribed: z.literal(true) });

/** The confirm and unsubscribe links carry the subscription's token. */
export const newsletterLinkQuery = z.object({ token: z.string().regex(/^[0-9a-f]{32}$/) }).strict();
