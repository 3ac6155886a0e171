/**
 * Content gaps as topics: the questions the agent could not answer (declined or nothing
 * retrieved, voted down, reported by AI tools) grouped by what they ask about
 * (`groupGaps`: the words retrieval reads, weighted by rarity, clustered), so an owner
 * answers a topic once.
 */
export { type GapGroup, groupGaps } from './group-gaps.js';
