/**
 * Searching an agent's documentation: sections, not answers. `searchDocs` is the one search
 * behind the MCP tool `search_docs` and the search-as-you-type route (`POST
 * /api/agents/{id}/search`), retrieval over the agent's datastores with, as you type, the
 * last word completed from the datastores' terms (`completeLastWord`); `searchExcerpt` cuts a
 * section down to the lines that matched, with where they matched; `createSearchCache` remembers
 * searches while the datastores are unchanged, for the keystrokes that complete alike.
 */
export { type FoundSection, searchDocs } from './docs-search.js';
export { createSearchCache, type SearchCache } from './search-cache.js';
export { searchExcerpt } from './search-excerpt.js';
