import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type {
  Contact,
  ContactCaptureSettings,
  ContactErasureResponse,
  ContactListResponse,
  ContactOffer,
} from '../contacts.js';
import type {
  AnswerMetadata,
  ConversationDetail,
  ConversationListResponse,
  ConversationMessage,
  ConversationSummary,
  EvalAnswerResponse,
  HandoffSummary,
  VisitorConversationDeleted,
  VisitorConversationsResponse,
  VisitorMessage,
  VisitorMessagesResponse,
} from '../conversations.js';
import type { DatastoreQueryResponse, DatastoreQueryResult } from '../datastore-query.js';
import type { Delivery, DeliveryListResponse, OperatorReplyResponse } from '../deliveries.js';
import { type ApiErrorBody, apiErrorBody } from '../error-codes.js';
import type {
  GapAnswerResponse,
  GapHideResponse,
  GapTopic,
  GapTopicsResponse,
} from '../gap-topics.js';
import type { IdentifiedVisitorResponse, UserErasureResponse } from '../identity.js';
import type { ContentGap, InsightsResponse } from '../insights.js';
import type { IntegrationStatus } from '../integrations.js';
import type { QueryResponse } from '../query.js';
import type {
  Agent,
  Datasource,
  DatasourceUpdateResponse,
  DatasourceUpsertResponse,
  Datastore,
} from '../resources.js';
import type { SearchResponse, SearchResult } from '../search.js';
import type { Source } from '../source.js';
import {
  type agentSchema,
  type answerMetadataSchema,
  apiErrorBodySchema,
  type contactCaptureSettingsSchema,
  type contactErasureResponseSchema,
  type contactListResponseSchema,
  type contactOfferSchema,
  type contactSchema,
  type contentGapSchema,
  type conversationDetailSchema,
  type conversationListResponseSchema,
  type conversationMessageSchema,
  type conversationSummarySchema,
  type datasourceSchema,
  type datasourceUpdateResponseSchema,
  type datasourceUpsertResponseSchema,
  type datastoreQueryResponseSchema,
  type datastoreQueryResultSchema,
  type datastoreSchema,
  type deliveryListResponseSchema,
  type deliverySchema,
  type evalAnswerResponseSchema,
  type gapAnswerResponseSchema,
  type gapHideResponseSchema,
  type gapTopicSchema,
  type gapTopicsResponseSchema,
  type handoffSummarySchema,
  type identifiedVisitorResponseSchema,
  type insightsResponseSchema,
  integrationStatusSchema,
  type operatorReplyResponseSchema,
  type queryResponseSchema,
  type searchResponseSchema,
  type searchResultSchema,
  sourceSchema,
  type userErasureResponseSchema,
  type visitorConversationDeletedSchema,
  type visitorConversationsResponseSchema,
  type visitorMessageSchema,
  type visitorMessagesResponseSchema,
} from './responses/index.js';

type Out<S extends z.ZodType> = z.output<S>;

describe('response schemas', () => {
  it('have exactly the protocol interfaces as output types (checked by tsc)', () => {
    // A field added to, removed from or retyped in one side only fails the type check.
    expectTypeOf<Out<typeof sourceSchema>>().toEqualTypeOf<Source>();
    expectTypeOf<Out<typeof agentSchema>>().toEqualTypeOf<Agent>();
    expectTypeOf<
      Out<typeof contactCaptureSettingsSchema>
    >().toEqualTypeOf<ContactCaptureSettings>();
    expectTypeOf<Out<typeof datastoreSchema>>().toEqualTypeOf<Datastore>();
    expectTypeOf<Out<typeof datasourceSchema>>().toEqualTypeOf<Datasource>();
    expectTypeOf<
      Out<typeof datasourceUpsertResponseSchema>
    >().toEqualTypeOf<DatasourceUpsertResponse>();
    expectTypeOf<
      Out<typeof datasourceUpdateResponseSchema>
    >().toEqualTypeOf<DatasourceUpdateResponse>();
    expectTypeOf<Out<typeof contactOfferSchema>>().toEqualTypeOf<ContactOffer>();
    expectTypeOf<Out<typeof queryResponseSchema>>().toEqualTypeOf<QueryResponse>();
    expectTypeOf<Out<typeof datastoreQueryResultSchema>>().toEqualTypeOf<DatastoreQueryResult>();
    expectTypeOf<
      Out<typeof datastoreQueryResponseSchema>
    >().toEqualTypeOf<DatastoreQueryResponse>();
    expectTypeOf<Out<typeof searchResultSchema>>().toEqualTypeOf<SearchResult>();
    expectTypeOf<Out<typeof searchResponseSchema>>().toEqualTypeOf<SearchResponse>();
    expectTypeOf<Out<typeof answerMetadataSchema>>().toEqualTypeOf<AnswerMetadata>();
    expectTypeOf<Out<typeof conversationMessageSchema>>().toEqualTypeOf<ConversationMessage>();
    expectTypeOf<Out<typeof visitorMessageSchema>>().toEqualTypeOf<VisitorMessage>();
    expectTypeOf<Out<typeof conversationSummarySchema>>().toEqualTypeOf<ConversationSummary>();
    expectTypeOf<Out<typeof handoffSummarySchema>>().toEqualTypeOf<HandoffSummary>();
    expectTypeOf<Out<typeof conversationDetailSchema>>().toEqualTypeOf<ConversationDetail>();
    expectTypeOf<
      Out<typeof conversationListResponseSchema>
    >().toEqualTypeOf<ConversationListResponse>();
    expectTypeOf<Out<typeof evalAnswerResponseSchema>>().toEqualTypeOf<EvalAnswerResponse>();
    expectTypeOf<
      Out<typeof visitorMessagesResponseSchema>
    >().toEqualTypeOf<VisitorMessagesResponse>();
    expectTypeOf<
      Out<typeof visitorConversationsResponseSchema>
    >().toEqualTypeOf<VisitorConversationsResponse>();
    expectTypeOf<
      Out<typeof visitorConversationDeletedSchema>
    >().toEqualTypeOf<VisitorConversationDeleted>();
    expectTypeOf<Out<typeof contentGapSchema>>().toEqualTypeOf<ContentGap>();
    expectTypeOf<Out<typeof insightsResponseSchema>>().toEqualTypeOf<InsightsResponse>();
    expectTypeOf<Out<typeof gapTopicSchema>>().toEqualTypeOf<GapTopic>();
    expectTypeOf<Out<typeof gapTopicsResponseSchema>>().toEqualTypeOf<GapTopicsResponse>();
    expectTypeOf<Out<typeof gapAnswerResponseSchema>>().toEqualTypeOf<GapAnswerResponse>();
    expectTypeOf<Out<typeof gapHideResponseSchema>>().toEqualTypeOf<GapHideResponse>();
    expectTypeOf<Out<typeof contactSchema>>().toEqualTypeOf<Contact>();
    expectTypeOf<Out<typeof contactListResponseSchema>>().toEqualTypeOf<ContactListResponse>();
    expectTypeOf<
      Out<typeof contactErasureResponseSchema>
    >().toEqualTypeOf<ContactErasureResponse>();
    expectTypeOf<
      Out<typeof identifiedVisitorResponseSchema>
    >().toEqualTypeOf<IdentifiedVisitorResponse>();
    expectTypeOf<Out<typeof userErasureResponseSchema>>().toEqualTypeOf<UserErasureResponse>();
    expectTypeOf<Out<typeof apiErrorBodySchema>>().toEqualTypeOf<ApiErrorBody>();
    expectTypeOf<Out<typeof operatorReplyResponseSchema>>().toEqualTypeOf<OperatorReplyResponse>();
    expectTypeOf<Out<typeof deliverySchema>>().toEqualTypeOf<Delivery>();
    expectTypeOf<Out<typeof deliveryListResponseSchema>>().toEqualTypeOf<DeliveryListResponse>();
    expectTypeOf<Out<typeof integrationStatusSchema>>().toEqualTypeOf<IntegrationStatus>();
  });

  it('accept what the service sends and refuse an undeclared field or a null for an absent one', () => {
    expect(apiErrorBodySchema.safeParse(apiErrorBody('NOT_FOUND', 'gone')).success).toBe(true);
    const source = {
      chunk_id: 'c',
      datasource_id: 'd',
      datasource_name: 'n',
      datasource_type: 'text',
      source_url: null,
      mime_type: 'text/plain',
      score: 0.5,
    };
    expect(sourceSchema.safeParse(source).success).toBe(true);
    expect(sourceSchema.safeParse({ ...source, page_number: null }).success).toBe(false);
    expect(sourceSchema.strict().safeParse({ ...source, extra: 1 }).success).toBe(false);
  });

  it('describe an integration set up or not, and never carry a secret', () => {
    const connected = {
      kind: 'slack',
      agentId: 'a1',
      configured: true,
      externalId: 'T0001',
      requestPath: '/integrations/slack/a1/events',
      interactionsPath: '/integrations/slack/a1/interactions',
      updatedAt: '2026-11-29T14:00:00.000Z',
    };
    expect(integrationStatusSchema.safeParse(connected).success).toBe(true);
    const absent = { ...connected, kind: 'discord', configured: false, externalId: null };
    expect(integrationStatusSchema.safeParse({ ...absent, updatedAt: null }).success).toBe(true);
    expect(integrationStatusSchema.safeParse({ ...connected, kind: 'teams' }).success).toBe(false);
    expect(
      integrationStatusSchema.strict().safeParse({ ...connected, botToken: 'xoxb-1' }).success,
    ).toBe(false);
  });
});
