import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import sse from '@fastify/sse';
import { z } from 'zod';
import {
  blockStateSchema,
  conversationListQuery,
  conversationMessages as says,
  conversationPageSchema,
  conversationSchema,
  conversationStartBody,
  conversationStartedSchema,
  idParams,
  messageCreateBody,
  messageMailSchema,
  messagePhotoSchema,
  messageReportBody,
  messageReportedSchema,
  messageSchema,
  messagesPageSchema,
  messagesQuery,
  photoParams,
  photoSizeQuery,
  readBody,
  unreadSchema,
} from '@furniture-mart/shared';
import { allow } from '../../platform/auth/allow.js';
import { BadRequest, TooManyRequests } from '../../platform/errors.js';
import { multipartLimits, readSingleFile, uploadBodyLimit } from '../uploads/index.js';
import { LiveEvents } from './live-events.js';

const PEOPLE = ['buyer', 'seller'] as const;
/** How long a browser waits before it reconnects a dropped event stream. */
const RECONNECT_MS = 3000;
const tags = ['conversations'];

export async function conversationsRoutes(app: FastifyInstance): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const conversations = app.services.conversations;

  route.post(
    '/api/products/:id/conversations',
    {
      ...allow(['buyer']),
      schema: {
        tags,
        summary:
          'Ask the seller about a product: starts the conversation (201), or writes in the one I have (200)',
        params: idParams,
        body: conversationStartBody,
        response: { 200: conversationStartedSchema, 201: conversationStartedSchema },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer(['buyer']);
      const { created, ...started } = await conversations.start(viewer, request.params.id, request.body.body);
      return reply.status(created ? 201 : 200).send(started);
    },
  );

  route.get(
    '/api/my/conversations',
    {
      ...allow(PEOPLE),
      schema: {
        tags,
        summary: 'My conversations, newest activity first, with the last message and how many are unread',
        querystring: conversationListQuery,
        response: { 200: conversationPageSchema },
      },
    },
    async (request) => conversations.list(await request.requireViewer(PEOPLE), request.query),
  );

  route.get(
    '/api/my/unread',
    {
      ...allow(PEOPLE),
      schema: {
        tags,
        summary: 'How many messages wait unread for me',
        response: { 200: unreadSchema },
      },
    },
    async (request) => ({ messages: await conversations.unread(await request.requireViewer(PEOPLE)) }),
  );

  route.get(
    '/api/my/message-mail',
    {
      ...allow(PEOPLE),
      schema: {
        tags,
        summary: 'Whether a message left unread for ten minutes is mailed to me',
        response: { 200: messageMailSchema },
      },
    },
    async (request) => ({ enabled: await conversations.messageMail(await request.requireViewer(PEOPLE)) }),
  );

  route.put(
    '/api/my/message-mail',
    {
      ...allow(PEOPLE),
      schema: {
        tags,
        summary: 'Turn mail about unread messages on or off',
        body: messageMailSchema,
        response: { 200: messageMailSchema },
      },
    },
    async (request) => {
      await conversations.setMessageMail(await request.requireViewer(PEOPLE), request.body.enabled);
      return { enabled: request.body.enabled };
    },
  );

  route.get(
    '/api/conversations/:id',
    {
      ...allow(PEOPLE),
      schema: {
        tags,
        summary: 'One of my conversations: the product, the other person, blocks, unread',
        params: idParams,
        response: { 200: conversationSchema },
      },
    },
    async (request) => conversations.get(await request.requireViewer(PEOPLE), request.params.id),
  );

  route.get(
    '/api/conversations/:id/messages',
    {
      ...allow(PEOPLE),
      schema: {
        tags,
        summary: 'Messages oldest first: those after `after`, the page before `before`, or the latest page',
        params: idParams,
        querystring: messagesQuery,
        response: { 200: messagesPageSchema },
      },
    },
    async (request) =>
      conversations.messages(await request.requireViewer(PEOPLE), request.params.id, request.query),
  );

  route.post(
    '/api/conversations/:id/messages',
    {
      ...allow(PEOPLE),
      schema: {
        tags,
        summary: 'Write a message (contact details are held back until the buyer books)',
        params: idParams,
        body: messageCreateBody,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) => {
      const message = await conversations.send(
        await request.requireViewer(PEOPLE),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(message);
    },
  );

  route.post(
    '/api/conversations/:id/read',
    {
      ...allow(PEOPLE),
      schema: {
        tags,
        summary: "Mark the other person's messages read up to this one",
        params: idParams,
        body: readBody,
        response: { 200: unreadSchema },
      },
    },
    async (request) => {
      const { unread } = await conversations.markRead(
        await request.requireViewer(PEOPLE),
        request.params.id,
        request.body.upTo,
      );
      return { messages: unread };
    },
  );

  for (const [method, blocked] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    route[method](
      '/api/conversations/:id/block',
      {
        ...allow(PEOPLE),
        schema: {
          tags,
          summary: blocked
            ? 'Block the other person: they can no longer write to me, nor I to them'
            : 'Lift my block on the other person',
          params: idParams,
          response: { 200: blockStateSchema },
        },
      },
      async (request) => {
        await conversations.setBlocked(await request.requireViewer(PEOPLE), request.params.id, blocked);
        return { conversationId: request.params.id, blockedByMe: blocked };
      },
    );
  }

  route.post(
    '/api/messages/:id/report',
    {
      ...allow(PEOPLE),
      schema: {
        tags,
        summary: "Report the other person's message to the administrators",
        params: idParams,
        body: messageReportBody,
        response: { 201: messageReportedSchema },
      },
    },
    async (request, reply) => {
      const report = await conversations.report(
        await request.requireViewer(PEOPLE),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(report);
    },
  );

  route.get(
    '/api/conversations/:id/photos/:photoId',
    {
      ...allow(),
      schema: {
        tags,
        summary: "A message's photo, for the conversation's two people (an administrator: a reported one)",
        params: photoParams,
        querystring: photoSizeQuery,
      },
    },
    async (request, reply) => {
      const image = await conversations.readPhoto(
        await request.requireViewer(),
        request.params.id,
        request.params.photoId,
        request.query.size,
      );
      reply
        .header('content-type', 'image/webp')
        // Never in a shared cache: who may see it is asked on every request.
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff');
      if (image.size !== undefined) reply.header('content-length', image.size);
      return reply.send(image.body);
    },
  );

  // Multipart bodies are read by this one route only.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: multipartLimits });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/conversations/:id/photos',
      {
        ...allow(PEOPLE),
        bodyLimit: uploadBodyLimit,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Upload a photo for my next message (multipart field "file"); send its id with it',
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 201: messagePhotoSchema },
        },
      },
      async (request, reply) => {
        const viewer = await request.requireViewer(PEOPLE);
        const file = await readSingleFile(request);
        return reply.status(201).send(await conversations.uploadPhoto(viewer, request.params.id, file));
      },
    );
  });

  await app.register(async (scope) => registerEventStream(scope));
}

/**
 * `GET /api/my/events`: the signed-in person's live events as Server-Sent Events (`event: message`,
 * `event: read`, each with its number as `id:`), a comment line every 20 s, and everything after
 * `Last-Event-ID` first when a client reconnects. Ends when the session does.
 */
async function registerEventStream(app: FastifyInstance): Promise<void> {
  await app.register(sse);
  const live = new LiveEvents(app.database.db, app.changes, app.log);
  app.metrics?.registerOpenEventStreams(() => live.size);
  // Before the server waits for its connections to end: a stream never ends by itself. Clients
  // reconnect, through the balancer, to another instance.
  app.addHook('preClose', async () => live.close());

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/my/events',
    {
      ...allow(PEOPLE),
      // No Accept negotiation: whoever asks this route asks for the stream.
      sse: { kind: 'manual', heartbeat: false },
      schema: {
        tags,
        summary:
          'My live events (Server-Sent Events): `message` and `read`, numbered; send Last-Event-ID to resume',
        headers: z.object({
          'last-event-id': z
            .string()
            .regex(/^\d{1,15}$/, says.invalidEventId)
            .optional(),
        }),
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer(PEOPLE);
      // HEAD answers as GET would begin, and ends: it has no stream to hold.
      if (request.method === 'HEAD') return reply.type('text/event-stream').send();
      const given = request.headers['last-event-id'];
      if (given !== undefined && !/^\d{1,15}$/.test(given)) throw new BadRequest(says.invalidEventId);
      if (live.heldBy(viewer.id) >= app.config.EVENT_STREAMS_PER_PERSON) {
        throw new TooManyRequests(says.tooManyStreams, RECONNECT_MS / 1000);
      }
      reply.sse.keepAlive();
      let ended = false;
      // Held before the headers go out: an event that commits once the client sees the stream open
      // is already this stream's to send.
      const stop = await live.open(viewer.id, given === undefined ? null : Number(given), {
        send: (event) => reply.sse.send(event),
        ping: () => {
          if (!ended) reply.raw.write(': keep-alive\n\n');
        },
        close: () => {
          ended = true;
          reply.sse.close();
        },
        stillSignedIn: async () => (await app.viewers.readAgain(request)) !== null,
      });
      reply.sse.sendHeaders();
      // Something to carry the headers out now (Node holds them until the first write), and how long
      // a browser waits before it reconnects.
      if (!ended) reply.raw.write(`retry: ${RECONNECT_MS}\n\n`);
      reply.sse.onClose(() => {
        ended = true;
        stop();
      });
    },
  );
}
