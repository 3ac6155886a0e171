/**
 * The loader, built as the classic script `dist/widget.js`:
 * `<script src="https://bff.example/widget.js" data-agent-id="demo" defer></script>`.
 * No top-level import/export survives the build (it is an IIFE).
 */
import type { GreetingModule, LocaleModule, PanelModule, SearchModule } from '../panel-contract.js';
import { startWidget } from './start-widget.js';

/** The panel chunk's file name relative to this script, set by the build. */
declare const __AGENT_CHAT_PANEL__: string;
/** The greeting chunk's file name relative to this script, set by the build. */
declare const __AGENT_CHAT_GREETING__: string;
/** The search chunk's file name relative to this script, set by the build. */
declare const __AGENT_CHAT_SEARCH__: string;
/** The locale chunks' file names relative to this script, by language, set by the build. */
declare const __AGENT_CHAT_LOCALES__: Readonly<Record<string, string>>;

// Captured synchronously: `currentScript` is null once this first run is over.
const script = document.currentScript;
if (script instanceof HTMLScriptElement && script.src) {
  try {
    startWidget({
      script,
      window,
      // A classic script's import() resolves against the document; an absolute URL from the
      // script's own location works cross-origin and under <base href>.
      panelUrl: new URL(__AGENT_CHAT_PANEL__, script.src).href,
      importPanel: (url) => import(/* @vite-ignore */ url) as Promise<PanelModule>,
      localeUrls: Object.fromEntries(
        Object.entries(__AGENT_CHAT_LOCALES__).map(([lang, file]) => [
          lang,
          new URL(file, script.src).href,
        ]),
      ),
      importLocale: (url) => import(/* @vite-ignore */ url) as Promise<LocaleModule>,
      greetingUrl: new URL(__AGENT_CHAT_GREETING__, script.src).href,
      importGreeting: (url) => import(/* @vite-ignore */ url) as Promise<GreetingModule>,
      searchUrl: new URL(__AGENT_CHAT_SEARCH__, script.src).href,
      importSearch: (url) => import(/* @vite-ignore */ url) as Promise<SearchModule>,
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  }
} else {
  console.error('agent-chat: load widget.js with <script src="…/widget.js" data-agent-id="…">.');
}
