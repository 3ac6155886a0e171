import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  build,
  defaultClientConditions,
  defineConfig,
  type Plugin,
  type Rolldown,
  type UserConfig,
} from 'vite';

/**
 * Production build of the widget, in three steps:
 *
 * 1. The panel (Preact UI, chat model, protocol decoder) is built as an ES module with a
 *    hashed name, `dist/assets/panel-[hash].js`, with the modules it shares with the Markdown
 *    chunk in `dist/assets/panel-shared-[hash].js`; both load at the panel's first paint. The
 *    Markdown renderer (marked's lexer + the VNode renderer) is its own chunk,
 *    `dist/assets/markdown-[hash].js`, imported when the panel opens; talking to a person
 *    (asking, polling for replies) is `dist/assets/handoff-[hash].js`, imported when the
 *    visitor asks for one or a person answers the conversation; the contact form is
 *    `dist/assets/contact-[hash].js`, imported when it is first offered; the visitor's
 *    earlier conversations are `dist/assets/conversations-[hash].js`, imported when that view
 *    first opens; signing in a user of the site is `dist/assets/identity-[hash].js`,
 *    imported on a page that signs one in (`data-user-id`, `AgentChat.identify()`). English is bundled
 *    into the panel; every other language of `src/i18n/locales/` is an entry of its own,
 *    `dist/assets/locale-<lang>-[hash].js`, which the loader fetches alongside the panel
 *    chunk when the page is in that language (the build fails if one lands in the panel).
 *    The greeting beside the launcher is an entry too, `dist/assets/greeting-[hash].js`,
 *    imported by the loader only on a page that greets; so is the ⌘K search modal,
 *    `dist/assets/search-[hash].js`, imported at the first search.
 * 2. The package entry (`import '@agent-chat/widget'`: chat model, transport, store,
 *    strings, config reader) is built as an unminified ES module for bundlers and Node,
 *    `dist/lib/index.js`, its dependencies left as imports. Pages never load it.
 * 3. The loader is built as a classic script, `dist/widget.js` (IIFE, no top-level
 *    import/export), with the panel's file name compiled in as `__AGENT_CHAT_PANEL__` and
 *    the locale chunks' as `__AGENT_CHAT_LOCALES__`. The loader resolves them against its
 *    own script URL, never the document's.
 *
 * Run with `vite build -c packages/widget/vite.config.ts` (`npm run build -w @agent-chat/widget`).
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * marked's bundle ends by creating its default `marked` instance and attaching the HTML
 * parser and renderers to it, which keeps them (≈ 3.4 KB gzip) in any bundle. The widget uses
 * only marked's `Lexer` (tokens rendered as Preact elements), so the build cuts that tail and
 * exports the lexer alone. Fails the build, rather than shipping a broken chunk, when a
 * marked release changes the bundle's shape.
 */
function markedLexerOnly(): Plugin {
  return {
    name: 'agent-chat:marked-lexer-only',
    transform(code, id) {
      if (!/[\\/]marked[\\/]lib[\\/]marked\.esm\.js$/.test(id)) return undefined;
      const tail = /var (\w+)=new \w+;function (\w+)\(\w+,\w+\)\{return \1\.parse\(/.exec(code);
      const exports = code.slice(code.lastIndexOf('export{'));
      const lexer = /\b(\w+) as Lexer\b/.exec(exports);
      if (!tail || !lexer) {
        throw new Error(
          'marked-lexer-only: marked.esm.js no longer ends with its default instance; update the pattern in packages/widget/vite.config.ts.',
        );
      }
      return { code: `${code.slice(0, tail.index)}export{${lexer[1]} as Lexer};`, map: null };
    },
  };
}

/**
 * Vite wraps every dynamic `import()` in its preload helper, which preloads a chunk's
 * dependencies and CSS before running it; it keeps doing so with `modulePreload: false`
 * (vitejs/vite#18551), at ≈ 0.65 KB gzip of the widget. The widget has no CSS files (its
 * styles are strings adopted at run time) and preloads nothing, so the helper is replaced by
 * a plain call of the import. Fails the build, rather than dropping a preload, if Vite ever
 * lists dependencies for one (`__vite__mapDeps`).
 */
function noPreloadHelper(): Plugin {
  return {
    name: 'agent-chat:no-preload-helper',
    load: {
      order: 'pre',
      handler(id) {
        if (id !== '\0vite/preload-helper.js') return undefined;
        return 'export const __vitePreload = (load) => load();';
      },
    },
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && file.code.includes('__vite__mapDeps')) {
          throw new Error(
            `no-preload-helper: ${file.fileName} preloads dependencies of a dynamic import; remove noPreloadHelper() from packages/widget/vite.config.ts or the dependency.`,
          );
        }
      }
    },
  };
}

const shared = {
  root,
  logLevel: 'warn',
  resolve: { conditions: ['agent-chat-source', ...defaultClientConditions] },
  // Always the production JSX runtime, even when a test runner's NODE_ENV leaks in.
  mode: 'production',
  define: { 'process.env.NODE_ENV': '"production"' },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact', development: false } },
} satisfies UserConfig;

const localesDir = fileURLToPath(new URL('./src/i18n/locales/', import.meta.url));
/**
 * Every built-in language but English (the panel's fallback, bundled into it): the files of
 * `locales/` named by a language subtag alone, not the types they share (`locale-strings.ts`).
 */
const lazyLocales = readdirSync(localesDir)
  .filter((name) => /^[a-z]+\.ts$/.test(name) && name !== 'en.ts')
  .map((name) => name.slice(0, -'.ts'.length));

/** What the panel build produced: the panel entry's file name, the locale chunks' by language. */
interface PanelFiles {
  panel: string;
  greeting: string;
  search: string;
  locales: Record<string, string>;
}

/** The name of a lazily loaded chunk of the panel, after the feature it holds. */
function lazyChunkName(module: string): string {
  if (/[\\/]contact[\\/][^\\/]+$/.test(module)) return 'contact';
  if (/[\\/]conversations[\\/][^\\/]+$/.test(module)) return 'conversations';
  if (/[\\/]identity[\\/][^\\/]+$/.test(module)) return 'identity';
  return /[\\/]handoff[^\\/]*$/.test(module) ? 'handoff' : 'markdown';
}

async function buildPanel(): Promise<PanelFiles> {
  const output = (await build({
    ...shared,
    plugins: [markedLexerOnly(), noPreloadHelper()],
    configFile: false,
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      modulePreload: false,
      copyPublicDir: false,
      rolldownOptions: {
        input: {
          panel: fileURLToPath(new URL('./src/panel/mount-panel.tsx', import.meta.url)),
          greeting: fileURLToPath(new URL('./src/loader/create-greeting.ts', import.meta.url)),
          search: fileURLToPath(new URL('./src/search/mount-search.tsx', import.meta.url)),
          ...Object.fromEntries(
            lazyLocales.map((lang) => [`locale-${lang}`, `${localesDir}${lang}.ts`]),
          ),
        },
        output: {
          chunkFileNames: (chunk) =>
            chunk.isDynamicEntry
              ? `assets/${lazyChunkName(chunk.facadeModuleId ?? '')}-[hash].js`
              : 'assets/panel-shared-[hash].js',
          // Every module the panel shares with a lazy chunk goes into one shared chunk (not
          // one per combination of chunks: more requests and more bytes at first paint).
          codeSplitting: { groups: [{ name: 'panel-shared', minShareCount: 2 }] },
        },
        // The loader imports the panel's `mountPanel` export and the locales' default
        // exports: keep the entries' exports.
        ...({ preserveEntrySignatures: 'exports-only' } as object),
      },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const chunks = (Array.isArray(output) ? output : [output])
    .flatMap((result) => result.output)
    .filter((file) => file.type === 'chunk');
  const files: PanelFiles = { panel: '', greeting: '', search: '', locales: {} };
  for (const chunk of chunks) {
    const locale = chunk.isEntry ? /^locale-(\w+)$/.exec(chunk.name)?.[1] : undefined;
    if (locale) files.locales[locale] = chunk.fileName;
    else if (chunk.isEntry && chunk.name === 'panel') files.panel = chunk.fileName;
    else if (chunk.isEntry && chunk.name === 'greeting') files.greeting = chunk.fileName;
    else if (chunk.isEntry && chunk.name === 'search') files.search = chunk.fileName;
    // The loader's greeting is plain DOM: anything it imported would load unmeasured.
    if (chunk.isEntry && chunk.name === 'greeting' && chunk.imports.length > 0) {
      throw new Error(`The greeting chunk ${chunk.fileName} imports ${chunk.imports.join(', ')}.`);
    }
    // Another language inside the panel's chunks would ship to every page: refuse it.
    const bundled = chunk.moduleIds.filter(
      (id) => id.startsWith(localesDir) && id !== `${localesDir}${locale ?? 'en'}.ts`,
    );
    // A locale chunk is data alone: anything it imported would load at first paint unmeasured.
    if (locale && chunk.imports.length > 0) {
      throw new Error(`The locale chunk ${chunk.fileName} imports ${chunk.imports.join(', ')}.`);
    }
    if (bundled.length > 0) {
      throw new Error(
        `The widget's chunk ${chunk.fileName} bundles ${bundled.join(', ')}: only English belongs in the panel; other languages are loaded by the loader.`,
      );
    }
  }
  if (!files.panel) throw new Error('The panel build produced no `panel` entry chunk.');
  if (!files.greeting) throw new Error('The panel build produced no `greeting` entry chunk.');
  if (!files.search) throw new Error('The panel build produced no `search` entry chunk.');
  return files;
}

/** The package's runtime dependencies, imported by `dist/lib/index.js`, never bundled into it. */
const DEPENDENCY = /^(?:@agent-chat\/protocol|@preact\/signals|preact)(?:\/|$)/;

async function buildLibrary(): Promise<void> {
  await build({
    ...shared,
    configFile: false,
    build: {
      outDir: fileURLToPath(new URL('./dist/lib', import.meta.url)),
      emptyOutDir: false,
      target: 'es2022',
      minify: false,
      copyPublicDir: false,
      lib: {
        entry: fileURLToPath(new URL('./src/index.ts', import.meta.url)),
        formats: ['es'],
        fileName: () => 'index.js',
      },
      rolldownOptions: { external: (id) => DEPENDENCY.test(id) },
    },
  });
}

export default defineConfig(async ({ command }): Promise<UserConfig> => {
  const panelFiles =
    command === 'build'
      ? await buildPanel()
      : {
          panel: 'assets/panel.js',
          greeting: 'assets/greeting.js',
          search: 'assets/search.js',
          locales: {},
        };
  if (command === 'build') await buildLibrary();
  return {
    ...shared,
    plugins: [markedLexerOnly()],
    define: {
      ...shared.define,
      __AGENT_CHAT_PANEL__: JSON.stringify(panelFiles.panel),
      __AGENT_CHAT_LOCALES__: JSON.stringify(panelFiles.locales),
      __AGENT_CHAT_GREETING__: JSON.stringify(panelFiles.greeting),
      __AGENT_CHAT_SEARCH__: JSON.stringify(panelFiles.search),
    },
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2022',
      modulePreload: false,
      copyPublicDir: false,
      rolldownOptions: {
        input: fileURLToPath(new URL('./src/loader/widget.ts', import.meta.url)),
        output: { format: 'iife', entryFileNames: 'widget.js' },
      },
    },
  };
});
