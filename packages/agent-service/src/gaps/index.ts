/**
 * Content gaps as topics: the questions the agent could not answer (declined or nothing
 * retrieved, voted down, reported by AI tools) grouped by what they ask about
 * (`groupGaps`: the words retrieval reads, weighted by rarity, clustered), listed largest
 * first with their trend (`listGapTopics`), answered once as Q&A pairs that retrieval finds
 * at once (`answerGapTopic`) or hidden with their look-alikes (`hideGapTopic`, undone by
 * `unhideGapTopic`). A topic keeps its id across calls and periods (`assignTopicIds`
 * against the topics remembered); groupings are cached while their gaps are unchanged. With
 * `GAPS_REPORT=weekly` the new or growing topics are mailed and sent as an event each week
 * (`createGapsReporter`).
 */
export { answerGapTopic, hideGapTopic, unhideGapTopic } from './answer-gap-topic.js';
export { listGapTopics } from './gap-topics.js';
export { createGapTopicsCache, type GapTopicsCache } from './gap-topics-cache.js';
export {
  createGapsReporter,
  type GapsReporter,
} from './gaps-report.js';
export { type GapGroup, groupGaps } from './group-gaps.js';
export type { GroupedGapTopics } from './group-topics.js';
