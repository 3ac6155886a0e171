import type { ConversationDetail, SuggestedFollowUp } from '@agent-chat/protocol';
import type { EvalAnswer } from './eval-answer.js';
import { isDecline } from './eval-decline.js';
import { isSamePage } from './eval-source-match.js';
import type { Tally } from './eval-summary.js';

/** How many of a run's first answers have their follow-ups asked. Default of {@link checkFollowUps}. */
const FOLLOW_UP_SAMPLE = 20;

/** One suggested follow-up, asked: where it came from and what it found. */
export interface FollowUpResult {
  /** The id of the question whose answer suggested it. */
  from: string;
  question: string;
  /** The page the suggestion was drawn from (its URL, else its datasource's name). */
  page: string;
  /** The cited sources of its answer, in order (URL, else datasource name). */
  cited: string[];
  declined: boolean;
  /** Its page among the first three sources cited, and the answer not a decline. */
  answerable: boolean;
  /** Its page cited first, and the answer not a decline. */
  top1: boolean;
  error?: string;
}

/** The "follow-ups answerable" figure of an evaluation run. */
export interface FollowUpCheck {
  /** The answers whose follow-ups were asked (the first `sample` answers). */
  answers: number;
  /** Of those, how many suggested any. */
  withFollowUps: number;
  /** Follow-ups whose answer is not a decline and cites their page in the top 3. */
  answerable: Tally;
  /** Follow-ups whose answer is not a decline and cites their page first. */
  top1: Tally;
  results: FollowUpResult[];
}

/** What {@link checkFollowUps} asks with. */
export interface FollowUpCheckOptions {
  /** The first answers of the run, in question order, with their question ids. */
  replies: readonly { id: string; reply: EvalAnswer | undefined }[];
  /** Reads a conversation (`GET /api/conversations/{id}`), for the suggestions' pages. */
  readConversation(conversationId: string): Promise<ConversationDetail>;
  /** Asks a question in a new conversation (`POST /api/agents/{id}/query`). */
  ask(question: string): Promise<EvalAnswer>;
  /** Answers whose follow-ups are asked. Default {@link FOLLOW_UP_SAMPLE}. */
  sample?: number;
}

/**
 * Whether the follow-ups the service suggests can be answered: for the first `sample`
 * answers that suggest any, reads the page each suggestion was drawn from (kept in the
 * answer's metadata), asks each suggestion once in a new conversation, and counts those
 * whose answer is not a decline and cites that page among its first three sources (and
 * first). Follow-ups are asked one at a time, after the run's answers are measured.
 */
export async function checkFollowUps(options: FollowUpCheckOptions): Promise<FollowUpCheck> {
  const sampled = options.replies.slice(0, options.sample ?? FOLLOW_UP_SAMPLE);
  const results: FollowUpResult[] = [];
  let withFollowUps = 0;
  for (const { id, reply } of sampled) {
    if (!reply?.followUps?.length) continue;
    withFollowUps += 1;
    const conversation = await options.readConversation(reply.conversationId);
    const answer = conversation.messages.findLast((message) => message.role === 'assistant');
    const suggested: SuggestedFollowUp[] = answer?.metadata?.followUps ?? [];
    for (const followUp of suggested) {
      const page = followUp.sourceUrl ?? followUp.datasourceName;
      let asked: EvalAnswer | undefined;
      let error: string | undefined;
      try {
        asked = await options.ask(followUp.question);
      } catch (failure) {
        error = (failure as Error).message;
      }
      const sources = asked?.sources ?? [];
      const declined = asked === undefined || isDecline(asked);
      const rank = sources.findIndex((source) => isSamePage(page, source));
      results.push({
        from: id,
        question: followUp.question,
        page,
        cited: sources.slice(0, 3).map((source) => source.source_url ?? source.datasource_name),
        declined,
        answerable: !declined && rank >= 0 && rank < 3,
        top1: !declined && rank === 0,
        ...(error === undefined ? {} : { error }),
      });
    }
  }
  const count = (pick: (result: FollowUpResult) => boolean) => ({
    hits: results.filter(pick).length,
    total: results.length,
  });
  return {
    answers: sampled.length,
    withFollowUps,
    answerable: count((result) => result.answerable),
    top1: count((result) => result.top1),
    results,
  };
}
