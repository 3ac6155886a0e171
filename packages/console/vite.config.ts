import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * Production build of the console: `dist/index.html` and hashed files under `dist/assets/`,
 * every URL relative (`base: './'`) so the page works wherever the BFF is mounted
 * (`/admin/`, `/chat/admin/`, …). Run with `npm run build -w @agent-chat/console`.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  mode: 'production',
  resolve: { conditions: ['agent-chat-source', ...defaultClientConditions] },
  define: { 'process.env.NODE_ENV': '"production"' },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact', development: false } },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: false,
    copyPublicDir: false,
  },
});
