import {
  CONTACT_SELLER_CODES,
  conversationIdParams,
  conversationResponse,
  inboxResponse,
  markReadBody,
  markReadResponse,
  messageBody,
  sentMessageResponse,
  startConversationBody,
  threadQuery,
  unreadMessagesResponse,
} from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { conversations } from '@lotline/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../lib/http/access';
import { POLICIES } from '../../lib/http/rate-limit';
import { noQuery, ok, userParams, userReadErrors, userWriteErrors } from '../../lib/http/route-schemas';
import { errorResponse } from '../../lib/openapi';
import type { Mailer } from '../mail/mailer';
import { type FeatureOverrides, featureOn } from '../platform/get-feature-flags';
import { requireSellerCompanies, sellerCompanyIds } from '../sellers/company-members';
import { getConversation } from './get-conversation';
import { countUnread, listInbox } from './list-inbox';
import { markConversationRead } from './mark-conversation-read';
import { shownConversations } from './participants';
import { sendMessage } from './send-message';
import { startConversation } from './start-conversation';

/**
 * Messages between a buyer and a seller company (contract §4, spec §5;
 * decision 0016). Everything needs a session; a buyer's `{userId}` routes are
 * the signed-in user's own (not even an admin reads another person's
 * messages); a thread answers only to its participants, anyone else gets 404.
 */

export interface MessagingDeps {
  db: Database;
  mailer: Mailer;
  publicOrigin: string;
  /** ORDER_CONVERSATION decides whether orders' threads are shown here at all. */
  featureOverrides: FeatureOverrides;
}

const TAGS = ['messages'];
const OWN = '`userId` must be the signed-in user.';
const OWN_OR_ADMIN = '`userId` must be the signed-in user; an admin may read any user.';
const notParticipant = errorResponse('No such conversation, or the caller is not one of its participants', [
  'NOT_FOUND',
]);
const participantWriting = { ...userWriteErrors, 403: errorResponse('Sent from another origin (CSRF)', ['FORBIDDEN']) };
const { 403: _userForbidden, ...signedIn } = userReadErrors;

export const messagingRoutes: FastifyPluginAsyncZod<MessagingDeps> = async (app, deps) => {
  const { db } = deps;
  const notify = { ...deps, log: app.log };
  const orderThreads = () => featureOn(db, deps.featureOverrides, 'ORDER_CONVERSATION');

  app.get(
    '/marketplace-api/users/:userId/conversations',
    {
      // Contract §1: the user's own, and an admin may read any (decision 0016, amended by 0029).
      config: access({ session: 'required', userPath: 'read' }),
      schema: {
        tags: TAGS,
        summary: "The buyer inbox: the user's conversations with sellers",
        description: `${OWN_OR_ADMIN} Newest activity first (at most 200), each with its last message and the number of the seller's messages not read yet; \`totalUnread\` counts them all.`,
        params: userParams,
        querystring: noQuery,
        response: { 200: ok(inboxResponse, 'The inbox'), ...userReadErrors },
      },
    },
    async (request) => {
      return {
        status: 'success' as const,
        data: await listInbox(db, 'buyer', { buyerUserId: request.params.userId }, await orderThreads()),
      };
    },
  );

  app.post(
    '/marketplace-api/users/:userId/conversations',
    {
      config: access({ session: 'required', userPath: 'own', rateLimit: POLICIES.messageWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Contact Seller: write to the seller of an event (or of one of its lots)',
        description: [
          `${OWN} Spec §5: the user must be verified (else 403 \`${CONTACT_SELLER_CODES.notVerified}\`) and have agreed`,
          `to the event's bidder terms (else 403 \`${CONTACT_SELLER_CODES.termsNotAgreed}\`). Writing again about the same`,
          "event and lot continues that conversation (200); a new one answers 201. The company's seller users are e-mailed.",
        ].join(' '),
        params: userParams,
        querystring: noQuery,
        body: startConversationBody,
        response: {
          200: ok(sentMessageResponse, 'Added to the existing conversation about this subject'),
          201: ok(sentMessageResponse, 'Conversation started'),
          ...userWriteErrors,
          403: errorResponse('Not verified, terms not agreed, own company, another user or another origin', [
            CONTACT_SELLER_CODES.notVerified,
            CONTACT_SELLER_CODES.termsNotAgreed,
            'FORBIDDEN',
          ]),
          404: errorResponse('No such event, or no such lot in it', ['NOT_FOUND']),
        },
      },
    },
    async (request, reply) => {
      const { created, ...sent } = await startConversation({ ...notify, db }, request.user.id, request.body);
      return reply.status(created ? 201 : 200).send({ status: 'success' as const, data: sent });
    },
  );

  app.get(
    '/marketplace-api/users/:userId/unread-messages',
    {
      config: access({ session: 'required', userPath: 'read' }),
      schema: {
        tags: TAGS,
        summary: 'How many messages the user has not read, as a buyer and as a seller user',
        description: `${OWN_OR_ADMIN} For the header's Messages link.`,
        params: userParams,
        querystring: noQuery,
        response: { 200: ok(unreadMessagesResponse, 'The counts'), ...userReadErrors },
      },
    },
    async (request) => {
      const userId = request.params.userId;
      const [companyIds, shown] = [await sellerCompanyIds(db, userId), shownConversations(await orderThreads())];
      const buyer = await countUnread(db, 'buyer', and(eq(conversations.buyerUserId, userId), shown));
      const seller =
        companyIds.length === 0
          ? 0
          : await countUnread(db, 'seller', and(inArray(conversations.companyId, companyIds), shown));
      return { status: 'success' as const, data: { buyer, seller, total: buyer + seller } };
    },
  );

  app.get(
    '/marketplace-api/seller/conversations',
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: "The seller inbox: the conversations of the signed-in seller user's company",
        description:
          'For users with the role `seller` who are members of a company. Newest activity first (at most 200); unread counts are of the buyers’ messages no seller user of the company has read.',
        querystring: noQuery,
        response: {
          200: ok(inboxResponse, 'The inbox'),
          ...signedIn,
          403: errorResponse('Not a seller user', ['FORBIDDEN']),
        },
      },
    },
    async (request) => {
      const companyIds = await requireSellerCompanies(db, request.user.id);
      return { status: 'success' as const, data: await listInbox(db, 'seller', { companyIds }, await orderThreads()) };
    },
  );

  app.get(
    '/marketplace-api/conversations/:conversationId',
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: 'One page of a conversation’s messages; reading changes nothing',
        description: [
          "For its buyer and its company's seller users. Seller-side messages are signed with the company's name.",
          '`pageNumber` 1 (the default) is the newest `pageSize` messages, higher pages older ones; each page lists',
          'its messages oldest first. Reading does not mark the conversation read: POST `…/read` does.',
        ].join(' '),
        params: conversationIdParams,
        querystring: threadQuery,
        response: {
          200: ok(conversationResponse, 'The page of the thread, oldest message first'),
          ...signedIn,
          404: notParticipant,
        },
      },
    },
    async (request) => {
      const conversation = await getConversation(
        db,
        request.user.id,
        request.params.conversationId,
        request.query,
        await orderThreads(),
      );
      return { status: 'success' as const, data: { conversation } };
    },
  );

  app.post(
    '/marketplace-api/conversations/:conversationId/read',
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: 'Mark a conversation read for the caller’s side',
        description: [
          'For its buyer and its company’s seller users (a seller user marks it read for the whole company).',
          'Up to `messageId`, the newest message the reader was shown, or without it up to the newest message;',
          'a later message stays unread. The mark never moves back; marking again changes nothing.',
        ].join(' '),
        params: conversationIdParams,
        querystring: noQuery,
        body: markReadBody.nullish(),
        response: {
          200: ok(markReadResponse, 'Marked; the count of messages still unread'),
          ...participantWriting,
          404: notParticipant,
        },
      },
    },
    async (request) => {
      const { conversationId } = request.params;
      const marked = await markConversationRead(
        db,
        request.user.id,
        conversationId,
        request.body?.messageId,
        await orderThreads(),
      );
      return { status: 'success' as const, data: marked };
    },
  );

  app.post(
    '/marketplace-api/conversations/:conversationId/messages',
    {
      config: access({ session: 'required', rateLimit: POLICIES.messageWritesByUser }),
      schema: {
        tags: TAGS,
        summary: 'Reply in a conversation',
        description:
          'For its buyer, and for the seller users of its company, who write as the company. The other side is e-mailed.',
        params: conversationIdParams,
        querystring: noQuery,
        body: messageBody,
        response: { 201: ok(sentMessageResponse, 'Sent'), ...participantWriting, 404: notParticipant },
      },
    },
    async (request, reply) => {
      const sent = await sendMessage(
        { ...notify, db },
        request.user.id,
        request.params.conversationId,
        request.body.body,
        await orderThreads(),
      );
      return reply.status(201).send({ status: 'success' as const, data: sent });
    },
  );
};
