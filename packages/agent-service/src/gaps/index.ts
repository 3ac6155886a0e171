/**
 * Content gaps as topics: the questions the agent could not answer (declined or nothing
 * retrieved, voted down, reported by AI tools) grouped by what they ask about
 * (`groupGaps`: the words retrieval reads, weighted by rarity, clustered), listed largest
 * first with their trend (`listGapTopics`), answered once as Q&A pairs that retrieval finds
 * at once (`answerGapTopic`) or hidden with their look-alikes (`hideGapTopic`).
 */
export { answerGapTopic, hideGapTopic } from './answer-gap-topic.js';
export { listGapTopics } from './gap-topics.js';
export { type GapGroup, groupGaps } from './group-gaps.js';
