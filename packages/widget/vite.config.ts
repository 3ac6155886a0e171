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
 *    visitor asks for one or a person answers the conversation.
 * 2. The package entry (`import '@agent-chat/widget'`: chat model, transport, store,
 *    strings, config reader) is built as an unminified ES module for bundlers and Node,
 *    `dist/lib/index.js`, its dependencies left as imports. Pages never load it.
 * 3. The loader is built as a classic script, `dist/widget.js` (IIFE, no top-level
 *    import/export), with the panel's file name compiled in as `__AGENT_CHAT_PANEL__`.
 *    The loader resolves it against its own script URL, never the document's.
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

const shared = {
  root,
  logLevel: 'warn',
  resolve: { conditions: ['agent-chat-source', ...defaultClientConditions] },
  // Always the production JSX runtime, even when a test runner's NODE_ENV leaks in.
  mode: 'production',
  define: { 'process.env.NODE_ENV': '"production"' },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact', development: false } },
} satisfies UserConfig;

async function buildPanel(): Promise<string> {
  const output = (await build({
    ...shared,
    plugins: [markedLexerOnly()],
    configFile: false,
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      modulePreload: false,
      copyPublicDir: false,
      rolldownOptions: {
        input: { panel: fileURLToPath(new URL('./src/panel/mount-panel.tsx', import.meta.url)) },
        output: {
          chunkFileNames: (chunk) =>
            chunk.isDynamicEntry
              ? `assets/${chunk.name.startsWith('handoff') ? 'handoff' : 'markdown'}-[hash].js`
              : 'assets/panel-shared-[hash].js',
          // Every module the panel shares with a lazy chunk goes into one shared chunk (not
          // one per combination of chunks: more requests and more bytes at first paint).
          codeSplitting: { groups: [{ name: 'panel-shared', minShareCount: 2 }] },
        },
        // The loader imports the panel's `mountPanel` export: keep the entry's exports.
        ...({ preserveEntrySignatures: 'exports-only' } as object),
      },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const outputs = Array.isArray(output) ? output : [output];
  for (const { output: files } of outputs) {
    for (const file of files) {
      if (file.type === 'chunk' && file.isEntry && file.name === 'panel') return file.fileName;
    }
  }
  throw new Error('The panel build produced no `panel` entry chunk.');
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
  const panelFile = command === 'build' ? await buildPanel() : 'assets/panel.js';
  if (command === 'build') await buildLibrary();
  return {
    ...shared,
    plugins: [markedLexerOnly()],
    define: { ...shared.define, __AGENT_CHAT_PANEL__: JSON.stringify(panelFile) },
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
