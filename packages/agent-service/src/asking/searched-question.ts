import type { CondenseInput } from '../answering/index.js';
import type { AskingContext } from './asking-context.js';

/**
 * What a follow-up question ("and for teams?") leaves unsaid: the previous question of
 * the conversation, searched along with it at half the weight, so its topic still counts
 * but the new question's own words decide.
 */
function followUpContext(history: readonly { role: string; text: string }[]) {
  const previous = history.findLast((message) => message.role === 'user');
  return previous ? [{ text: previous.text, weight: 0.5 }] : [];
}

/**
 * What retrieval searches for a question: with a condenser (an LLM is configured), the
 * follow-up rewritten as a standalone question, searched alone and logged; otherwise, or
 * when condensing fails or times out (logged as a warning), the question with the
 * previous one blended in ({@link followUpContext}).
 */
export async function searchedQuestion(
  context: AskingContext,
  input: CondenseInput,
  log: Record<string, unknown>,
): Promise<{ text: string; earlier: { text: string; weight: number }[] }> {
  const blended = { text: input.question, earlier: followUpContext(input.history) };
  const result = await context.condenser?.condense(input);
  if (!result) return blended;
  if (!result.ok) {
    context.logger.warn(
      { ...log, reason: result.reason, ms: result.ms },
      'follow-up not condensed; searching it with the previous question blended in',
    );
    return blended;
  }
  context.logger.info(
    { ...log, question: input.question, standaloneQuestion: result.question, ms: result.ms },
    'follow-up condensed into a standalone question',
  );
  return { text: result.question, earlier: [] };
}
