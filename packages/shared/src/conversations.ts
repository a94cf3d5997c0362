/**
 * Conversations: a buyer asks the seller about one product, the seller answers. One conversation per
 * product and buyer; contact details are held back until a booking (contact-mask.ts).
 */
import { z } from 'zod';
import { messageReportReasons, productPageStatuses } from './enums.js';
import { pageOf, pageQuery, photoSchema, says } from './common.js';

export const conversationLimits = {
  bodyMaxLength: 2000,
  photosPerMessage: 4,
  /** Messages a page of a thread holds. */
  pageSize: 50,
  /** A message unread this long is mailed to its reader, at most once an hour per conversation. */
  mailAfterMinutes: 10,
  mailEveryMinutes: 60,
} as const;

// Characters that have no place in a message: control characters other than the line break, and the
// direction overrides that make text read otherwise than it is stored.
const invisible = /(?!\n)[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** What a person writes: several lines allowed, cleaned and trimmed, 1 to 2,000 characters. */
export const messageBodySchema = z
  .string(says('conversations.writeSomething'))
  .overwrite((value) => value.replace(/\r\n?/g, '\n').replace(invisible, ''))
  .trim()
  .min(1, says('conversations.writeSomething'))
  .max(
    conversationLimits.bodyMaxLength,
    says('common.atMostCharacters', { max: conversationLimits.bodyMaxLength }),
  );

// ---------- requests ----------

export const conversationStartBody = z.object({ body: messageBodySchema });
export type ConversationStartBody = z.infer<typeof conversationStartBody>;

export const messageCreateBody = z.object({
  body: messageBodySchema,
  photoIds: z
    .array(z.uuid(says('common.invalidPhoto')))
    .max(conversationLimits.photosPerMessage, says('conversations.tooManyPhotos'))
    .refine((ids) => new Set(ids).size === ids.length, says('common.photoUsedTwice'))
    .optional(),
});
export type MessageCreateBody = z.infer<typeof messageCreateBody>;

/** `after`: the messages after this one; `before`: the page before it; neither: the latest page. */
export const messagesQuery = z
  .object({
    after: z.uuid(says('conversations.invalidCursor')).optional(),
    before: z.uuid(says('conversations.invalidCursor')).optional(),
  })
  .refine((query) => !(query.after && query.before), says('conversations.oneCursor'));
export type MessagesQuery = z.infer<typeof messagesQuery>;

export const conversationListQuery = pageQuery.extend({
  /** Only the conversation about this product (there is at most one per buyer). */
  productId: z.uuid(says('catalogue.invalidProduct')).optional(),
});
export type ConversationListQuery = z.infer<typeof conversationListQuery>;

/** Whether a message left unread is mailed to me (the Account page's switch). */
export const messageMailSchema = z.object({ enabled: z.boolean(says('common.required')) });
export type MessageMail = z.infer<typeof messageMailSchema>;

export const readBody = z.object({ upTo: z.uuid(says('conversations.invalidCursor')) });

export const messageReportBody = z.object({
  reason: z.enum(messageReportReasons, says('common.required')),
  details: z
    .string()
    .trim()
    .max(1000, says('common.atMostCharacters', { max: 1000 }))
    .optional(),
});
export type MessageReportBody = z.infer<typeof messageReportBody>;

export const photoParams = z.object({
  id: z.uuid(says('common.invalidId')),
  photoId: z.uuid(says('common.invalidPhoto')),
});
export const photoSizeQuery = z.object({ size: z.enum(['display', 'thumb']).default('display') });

// ---------- answers ----------

/** A photo in a message: only the two people in the conversation can load it (URLs under /api). */
export const messagePhotoSchema = photoSchema
  .pick({ url: true, thumbUrl: true, width: true, height: true, thumbWidth: true, thumbHeight: true })
  .extend({ id: z.uuid() });
export type MessagePhoto = z.infer<typeof messagePhotoSchema>;

export const messageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderId: z.uuid(),
  /** Empty when an administrator removed the message. */
  body: z.string(),
  photos: z.array(messagePhotoSchema),
  createdAt: z.string(),
  /** Contact details in it were replaced by "[shared after booking]". */
  masked: z.boolean(),
  /** Removed by an administrator after a report. */
  removed: z.boolean(),
  /** A card of an offer's life in place of a message (issue 40); its state is read from the offer. */
  offer: z
    .object({
      id: z.uuid(),
      event: z.enum(['made', 'countered', 'accepted', 'declined', 'withdrawn', 'expired']),
    })
    .nullable()
    .optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  id: z.uuid(),
  /** My side of it. */
  role: z.enum(['buyer', 'seller']),
  product: z.object({
    id: z.uuid(),
    title: z.string(),
    photo: photoSchema.nullable(),
    priceCents: z.number().int(),
    currency: z.string(),
    /** `removed`: the seller or an administrator took it down. */
    status: z.enum([...productPageStatuses, 'removed']),
  }),
  counterpart: z.object({ id: z.uuid(), name: z.string(), verified: z.boolean(), removed: z.boolean() }),
  lastMessage: messageSchema.nullable(),
  unread: z.number().int(),
  /** I blocked them / they blocked me: nobody can write until it is lifted. */
  blockedByMe: z.boolean(),
  blockedByThem: z.boolean(),
  /** The buyer has a booking of the product: contact details are no longer held back. */
  booked: z.boolean(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationPageSchema = pageOf(conversationSchema);

export const messagesPageSchema = z.object({
  items: z.array(messageSchema),
  /** There are older messages than the first of these. */
  hasOlder: z.boolean(),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

export const conversationStartedSchema = z.object({
  conversation: conversationSchema,
  message: messageSchema,
});
export type ConversationStarted = z.infer<typeof conversationStartedSchema>;

export const unreadSchema = z.object({ messages: z.number().int() });
export type Unread = z.infer<typeof unreadSchema>;

export const blockStateSchema = z.object({ conversationId: z.uuid(), blockedByMe: z.boolean() });

export const messageReportedSchema = z.object({ id: z.uuid(), messageId: z.uuid() });

/** What the event stream carries as `data` with `event: read`. */
export const readEventSchema = z.object({
  conversationId: z.uuid(),
  readerId: z.uuid(),
  upTo: z.uuid(),
});
export type ReadEvent = z.infer<typeof readEventSchema>;

/** The kinds of event the stream of `/api/my/events` carries. */
export const liveEventKinds = ['message', 'read'] as const;
export type LiveEventKind = (typeof liveEventKinds)[number];
