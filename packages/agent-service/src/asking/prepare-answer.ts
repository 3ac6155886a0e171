import {
  type Agent,
  type AnswerMetadata,
  type ConversationChannel,
  HANDOFF_ACKNOWLEDGEMENT,
  type QueryRequest,
  type QueryResponse,
} from '@agent-chat/protocol';
import { searchedDatastores } from '../agents/index.js';
import {
  type Answerer,
  type AnswerPart,
  answerSettings,
  suggestFollowUps,
} from '../answering/index.js';
import { contactOffer } from '../contacts/index.js';
import {
  type ConversationMessage,
  resolveConversation,
  saveExchange,
} from '../conversations/index.js';
import { enforceUsageLimit, type Organization } from '../organizations/index.js';
import { retrieve } from '../retrieval/index.js';
import type { AskingContext } from './asking-context.js';
import { searchedQuestion } from './searched-question.js';

/** A decline: the service's own sentence, or a model saying so as it is told to. */
const DECLINE = /\bI (?:do not|don['’]t) know\b/i;

/** How far into an answer {@link DECLINE} is looked for, in characters. */
const DECLINE_SEARCH_CHARS = 200;

/** Scores of the best passages kept in a message's metadata. */
const TOP_SCORES = 5;

/** Answers a conversation in `handoff` with the fixed acknowledgement, and no AI. */
const handoffAnswerer: Answerer = {
  async *answer() {
    yield HANDOFF_ACKNOWLEDGEMENT;
  },
};

/** One question to answer, however it arrived (the query route, `/v1/chat/completions`). */
export interface Question {
  organization: Organization;
  /** The agent that answers (already read for this organization). */
  agent: Agent;
  /** The validated query: its text, conversation, visitor and overrides. */
  query: QueryRequest;
  /**
   * Earlier turns the caller sent with the question (OpenAI's clients send the whole
   * conversation each time), used instead of the stored conversation's history.
   */
  history?: readonly ConversationMessage[] | undefined;
  /** Aborted when the client goes away: nothing more is computed or stored. */
  signal: AbortSignal;
  /** Where the question was asked, kept by a new conversation. Default `api`. */
  channel?: ConversationChannel | undefined;
  /** `performance.now()` when the request arrived (the answer's `latencyMs`). */
  startedAt: number;
}

/** A question ready to be answered: its conversation, the answer to come, and the store. */
export interface PreparedAnswer {
  conversationId: string;
  visitorId: string;
  /** The earlier turns the answer takes into account, oldest first. */
  history: readonly ConversationMessage[];
  /** The answer's text fragments; stops early when the client goes away. */
  fragments(): AsyncGenerator<string>;
  /**
   * Stores the question and the whole answer in the conversation and returns the query
   * response, whose sources are those the answer cites (the answerer says which) or
   * those retrieved.
   */
  finish(answer: string): Promise<QueryResponse>;
}

/**
 * Everything before the answer's first word, the same for every route that answers: the
 * searched datastores (403 for one the agent lacks), the conversation (404 when it is
 * another visitor's or agent's), the usage limit (402), the follow-up condensed or
 * blended, and retrieval. In a conversation in `handoff` nothing is retrieved and the
 * answer is {@link HANDOFF_ACKNOWLEDGEMENT}.
 */
export async function prepareAnswer(
  context: AskingContext,
  question: Question,
): Promise<PreparedAnswer> {
  const { database } = context;
  const { organization, agent, query, signal } = question;
  const datastoreIds = searchedDatastores(agent, query.filters);
  const conversation = await resolveConversation(
    database,
    { organizationId: organization.id, agentId: agent.id },
    query,
  );
  await enforceUsageLimit(database, organization, context.usageLimit, context.now());
  const history = question.history ?? conversation.history;
  const inHandoff = conversation.status === 'handoff';
  const settings = answerSettings(agent, query);
  const searched = inHandoff
    ? undefined
    : await searchedQuestion(
        context,
        { question: query.query, history, modelName: settings.modelName, signal },
        { agentId: agent.id, conversationId: conversation.conversationId },
      );
  const retrieved = searched
    ? await retrieve(database, searched.text, {
        datastoreIds,
        filters: query.filters,
        earlier: searched.earlier,
        vectorSearch: context.hybrid?.vectorSearch,
        purpose: 'answer',
        stagesOff: context.stagesOff,
      })
    : { passages: [], sources: [], passageSources: [] };
  const { passages } = retrieved;
  // The sources listed: those the answer cites, when the answerer says which.
  let sources = retrieved.sources;
  // The passages the answer quotes; the best one when the answerer does not say.
  let cited: ReadonlySet<number> = new Set([0]);
  const cite = (part: AnswerPart): string => {
    if (typeof part === 'string') return part;
    sources = part.citations.flatMap((index) => retrieved.passageSources[index] ?? []);
    cited = new Set(part.citations);
    return '';
  };
  const answerer = inHandoff ? handoffAnswerer : context.answerer;
  const input = {
    query: query.query,
    passages,
    history,
    settings,
    signal,
    handoffEnabled: agent.handoffEnabled ?? false,
  };
  return {
    conversationId: conversation.conversationId,
    visitorId: conversation.visitorId,
    history,
    async *fragments() {
      for await (const part of answerer.answer(input)) {
        if (signal.aborted) return;
        const fragment = cite(part);
        if (fragment) yield fragment;
      }
    },
    async finish(answer) {
      const metadata: AnswerMetadata = {
        answerer: inHandoff ? 'handoff' : context.answererName,
        latencyMs: Math.round(performance.now() - question.startedAt),
        topScores: passages.slice(0, TOP_SCORES).map((passage) => passage.score),
        found: sources.length > 0,
      };
      // A decline has nothing to follow up (a model may decline although passages were
      // found), and a person answers a conversation in handoff.
      const followUps =
        inHandoff || !metadata.found || DECLINE.test(answer.slice(0, DECLINE_SEARCH_CHARS))
          ? []
          : suggestFollowUps(passages, retrieved.passageSources, cited);
      if (followUps.length > 0) metadata.followUps = followUps;
      const { messageId, status } = await saveExchange(database, {
        organizationId: organization.id,
        agentId: agent.id,
        conversationId: conversation.conversationId,
        visitorId: conversation.visitorId,
        channel: question.channel ?? 'api',
        query: query.query,
        answer,
        sources,
        metadata,
      });
      // A conversation in handoff waits for a person; a decline found nothing to answer.
      const offer = await contactOffer(
        database,
        { organizationId: organization.id, agent, visitorId: conversation.visitorId },
        status === 'handoff' ? ['handoff'] : metadata.found ? [] : ['no_answer'],
      );
      return {
        messageId,
        answer,
        sources,
        conversationId: conversation.conversationId,
        visitorId: conversation.visitorId,
        status,
        handoffEnabled: agent.handoffEnabled ?? false,
        ...(offer ? { contactCapture: offer } : {}),
        ...(followUps.length > 0 && status !== 'handoff'
          ? { followUps: followUps.map((followUp) => followUp.question) }
          : {}),
      };
    },
  };
}
