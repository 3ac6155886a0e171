import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build, defaultClientConditions, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const packageJson = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
  exports: Record<string, Record<string, string>>;
};

/** Every module a browser bundler puts in the bundle of `entry`, as paths from the package. */
async function browserBundleModules(entry: string): Promise<string[]> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: packageDir,
    // What the widget's build resolves with.
    resolve: { conditions: ['agent-chat-source', ...defaultClientConditions] },
    build: {
      write: false,
      minify: false,
      lib: { entry: join(packageDir, entry), formats: ['es'] },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output);
  return chunks.flatMap((chunk) =>
    chunk.type === 'chunk'
      ? [...chunk.moduleIds.map((id) => relative(packageDir, id)), ...chunk.imports]
      : [],
  );
}

describe('browser entry (@agent-chat/protocol)', () => {
  it('bundles for the browser without zod or Node built-ins', async () => {
    const modules = await browserBundleModules('src/index.ts');
    expect(modules).toContain('src/sse-decoder.ts');
    expect(modules).toContain('src/sse-parser.ts');
    expect(modules.filter((id) => id.includes('node_modules/'))).toEqual([]);
    expect(modules.filter((id) => id.includes('node_modules/zod/'))).toEqual([]);
    // Vite swaps Node built-ins for a `__vite-browser-external` stub in browser builds.
    expect(modules.filter((id) => /^node:|browser-external/.test(id))).toEqual([]);
    expect(modules.filter((id) => /^src\/(schemas|options)\//.test(id))).toEqual([]);
  });

  it('is told apart from the server entry, which does bundle zod', async () => {
    const modules = await browserBundleModules('src/schemas/index.ts');
    expect(modules.some((id) => id.includes('node_modules/zod/'))).toBe(true);
  });
});

/** Bare module specifiers (packages) reached from a built file through relative imports. */
function packagesImportedFrom(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, specifier] of source.matchAll(/(?:^|\s)(?:from|import)\s*\(?\s*'([^']+)'/g)) {
    if (!specifier) continue;
    if (specifier.startsWith('.')) {
      for (const name of packagesImportedFrom(resolve(dirname(file), specifier), seen)) {
        packages.add(name);
      }
    } else {
      packages.add(specifier);
    }
  }
  return packages;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

describe('build output (npm run build)', () => {
  // Inside node_modules (gitignored) and below the package, so the built files resolve
  // their dependencies exactly as the published package does.
  const cacheDir = join(packageDir, 'node_modules', '.cache');
  let outDir = '';

  /** Where a `./dist/…` target of package.json `exports` lands in this test's build. */
  const built = (target: string) => join(outDir, target.replace(/^\.\/dist\//, ''));

  beforeAll(async () => {
    mkdirSync(cacheDir, { recursive: true });
    outDir = await mkdtemp(join(cacheDir, 'protocol-build-'));
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    await run(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', outDir], {
      cwd: packageDir,
    });
  }, 120_000);

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('emits every file the package.json exports point at (ESM + .d.ts)', () => {
    for (const [entry, conditions] of Object.entries(packageJson.exports)) {
      expect(Object.keys(conditions), entry).toEqual(
        expect.arrayContaining(['agent-chat-source', 'types', 'import']),
      );
      expect(existsSync(join(packageDir, conditions['agent-chat-source']!)), entry).toBe(true);
      for (const condition of ['types', 'import']) {
        const target = conditions[condition]!;
        expect(target, `${entry} ${condition}`).toMatch(/^\.\/dist\//);
        expect(existsSync(built(target)), `${entry} ${condition}: ${target}`).toBe(true);
      }
    }
  });

  it('publishes no tests and no test helpers', () => {
    expect(filesUnder(outDir).filter((file) => /\.test\.|(^|\/)testing\//.test(file))).toEqual([]);
  });

  it('loads in plain Node (no source condition) with the same exports as the source', async () => {
    const sources = {
      '.': './index.js',
      './schemas': './schemas/index.js',
      './options': './options/index.js',
    } as const;
    for (const [entry, source] of Object.entries(sources)) {
      const url = pathToFileURL(built(packageJson.exports[entry]!.import!)).href;
      const { stdout } = await run(process.execPath, [
        '--input-type=module',
        '--eval',
        `const m = await import(${JSON.stringify(url)}); console.log(JSON.stringify(Object.keys(m).sort()));`,
      ]);
      const expected = Object.keys(await import(/* @vite-ignore */ source)).sort();
      expect(JSON.parse(stdout), entry).toEqual(expected);
    }
    // Three Node processes, each loading the built package: well under a second on an idle
    // machine, past Vitest's 5 s default on a busy 2-core one (seen twice at load 13–16).
  }, 30_000);

  it('keeps zod out of the built browser entry', () => {
    const browser = packagesImportedFrom(built(packageJson.exports['.']!.import!));
    expect([...browser]).toEqual([]);
    const server = packagesImportedFrom(built(packageJson.exports['./schemas']!.import!));
    expect(server.has('zod')).toBe(true);
  });
});
