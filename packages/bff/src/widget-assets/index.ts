/** Serving the built widget (`/widget.js` and its hashed chunks) to other sites' pages. */
export {
  createWidgetAssets,
  defaultWidgetDir,
  ENTRY_CACHE_CONTROL,
  HASHED_CACHE_CONTROL,
  type WidgetAssetsOptions,
} from './widget-assets.js';
