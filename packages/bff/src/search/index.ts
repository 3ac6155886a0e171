/**
 * The widget's search mode: the type-ahead search relay with its own rate limits, and the
 * features route that tells the widget whether the agent can be searched behind this BFF.
 */
export { createSearchRoutes } from './search-routes.js';
