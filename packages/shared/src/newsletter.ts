/** The newsletter: the footer's sign-up form and the links of its mails. */
import { z } from 'zod';
import { emailSchema } from './common.js';

export const newsletterBody = z.object({ email: emailSchema });
export type NewsletterBody = z.infer<typeof newsletterBody>;

export const newsletterSubscribedSchema = z.object({ subscribed: z.literal(true) });

/** A subscription's token, as its confirm and unsubscribe links carry it. */
export const newsletterTokenPattern = /^[0-9a-f]{32}$/;

/**
 * The confirm and unsubscribe links' query. A person opens them from a mail in a browser, so unlike
 * the API's other requests nothing here is refused with a 400 in JSON: a token cut short or changed on
 * the way, a repeated one, or parameters a mail client added all lead to the home page's friendly "this
 * link is invalid" like an unknown token does.
 */
export const newsletterLinkQuery = z.object({
  token: z.string().max(200).optional().catch(undefined),
});
