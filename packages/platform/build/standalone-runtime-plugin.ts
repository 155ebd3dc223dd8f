import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { type Compiler, rspack } from '@rspack/core';

/** The script a remote's standalone page loads first (remote-index.html names it). */
export const STANDALONE_RUNTIME_FILE = 'standalone-federation-runtime.js';

const BUILD_DIR = import.meta.dirname ?? __dirname;
const NAME = 'StandaloneFederationRuntimePlugin';

/**
 * The runtime core the host publishes (the inject-external-runtime-core plugin imports it from
 * runtime-tools), found through the same packages so both copies are one version.
 */
function runtimeCorePath(): string {
  const fromEnhanced = createRequire(
    createRequire(BUILD_DIR + path.sep).resolve('@module-federation/enhanced'),
  );
  const fromInject = createRequire(
    fromEnhanced.resolve('@module-federation/inject-external-runtime-core-plugin'),
  );
  return fromInject.resolve('@module-federation/runtime-tools/runtime-core');
}

/** Bundles standalone-runtime.ts on its own: without the federation plugin, so the core is really in it. */
async function buildStandaloneRuntime(production: boolean): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'standalone-runtime-'));
  const compiler = rspack({
    mode: production ? 'production' : 'development',
    target: 'web',
    devtool: false,
    entry: path.join(BUILD_DIR, 'standalone-runtime.ts'),
    output: { path: outDir, filename: STANDALONE_RUNTIME_FILE, iife: true },
    resolve: { extensions: ['.ts', '.js'], alias: { 'federation-runtime-core$': runtimeCorePath() } },
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' } } },
        },
      ],
    },
  });
  const stats = await new Promise<{ hasErrors(): boolean; toString(o: object): string }>((resolve, reject) =>
    compiler.run((error, result) => (error || !result ? reject(error) : resolve(result))),
  );
  await new Promise((resolve) => compiler.close(resolve));
  if (stats.hasErrors())
    throw new Error(
      `The standalone federation runtime did not build:\n${stats.toString({ all: false, errors: true })}`,
    );
  const source = fs.readFileSync(path.join(outDir, STANDALONE_RUNTIME_FILE), 'utf8');
  fs.rmSync(outDir, { recursive: true, force: true });
  return source;
}

/**
 * Emits the standalone page's runtime script into a remote's output. Built once per process (a
 * watching dev server reuses it) and emitted by every compilation, so `output.clean` keeps it.
 */
export class StandaloneFederationRuntimePlugin {
  private built: Promise<string> | null = null;

  constructor(private readonly production: boolean) {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: NAME, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          this.built ??= buildStandaloneRuntime(this.production);
          compilation.emitAsset(
            STANDALONE_RUNTIME_FILE,
            new compiler.webpack.sources.RawSource(await this.built),
          );
        },
      );
    });
  }
}
