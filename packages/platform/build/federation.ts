import fs from 'node:fs';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, rspack } from '@rspack/core';
import { OWN_PACKAGES, type OwnPackage, ownPackagesShared } from './own-package-versions';
import { StandaloneFederationRuntimePlugin } from './standalone-runtime-plugin';
import { WIDGET_CHUNK_PREFIX } from './widget-chunks';

/** Everything that holds module state or React context is shared once per page (ARCHITECTURE.md). */
const SINGLETONS = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'react-router-dom',
  '@tanstack/react-query',
  'styled-components',
] as const;

/**
 * Shared when the versions agree, but not forced to one copy: stateless libraries a remote may
 * bring a newer copy of. Our own packages (@td/*) are not shared at all: each remote ships the
 * version it was built and tested with, so a remote can be swapped without rebuilding the host
 * (docs/decisions/0008).
 */
const SHARED_WHEN_COMPATIBLE = ['zod'] as const;

/** The version installed for this package (pnpm links each direct dependency into its node_modules). */
function installedVersion(fromDir: string, name: string): string {
  const manifest = path.join(fromDir, 'node_modules', name, 'package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}

const BUILD_DIR = import.meta.dirname ?? __dirname;
const REACT_ROUTER_BROWSER = path.join(BUILD_DIR, 'react-router-browser.ts');
const ZOD_BROWSER = path.join(BUILD_DIR, 'zod-browser.ts');
const WORKSPACE_PACKAGES = path.resolve(BUILD_DIR, '../..');

const realPackageDir = (fromDir: string, name: string) =>
  fs.realpathSync(path.join(fromDir, 'node_modules', name));

export function sharedSingletons(fromDir: string) {
  const shared: Record<
    string,
    { singleton: boolean; requiredVersion: string; version: string; strictVersion: false; import?: string }
  > = {};
  for (const name of SHARED_WHEN_COMPATIBLE) {
    const version = installedVersion(fromDir, name);
    shared[name] = { singleton: false, version, requiredVersion: `^${version}`, strictVersion: false };
  }
  for (const name of SINGLETONS) {
    const pkg = name === 'react/jsx-runtime' ? 'react' : name;
    const version = installedVersion(fromDir, pkg);
    shared[name] = { singleton: true, version, requiredVersion: `^${version}`, strictVersion: false };
  }
  // Only what the browser uses of react-router-dom and zod (react-router-browser.ts, zod-browser.ts).
  shared['react-router-dom'] = { ...shared['react-router-dom']!, import: REACT_ROUTER_BROWSER };
  shared.zod = { ...shared.zod!, import: ZOD_BROWSER };
  // The trailing slash shares every subpath (react-dom/client) with the same single copy.
  const reactDom = installedVersion(fromDir, 'react-dom');
  shared['react-dom/'] = {
    singleton: true,
    version: reactDom,
    requiredVersion: `^${reactDom}`,
    strictVersion: false,
  };
  return shared;
}

/**
 * Leaves out the part of the federation runtime no build runs: Node's script loading. The manifest
 * snapshot code stays in every build, remotes included: a remote loads another remote's parts from
 * its manifest (the dashboard's sentiment panel comes from mf-ml), and without that code the
 * manifest is fetched as a script, which the browser blocks.
 */
function federationRuntimeOptions() {
  return { target: 'web' as const };
}

/**
 * Measurement switch for decision 0050, off by default: `SHARE_OWN_PACKAGES=1` shares all our packages
 * by source hash instead of bundling them; a comma-separated list (`@td/ui,@td/platform`) shares those.
 */
function sharedOwnPackages() {
  const chosen = process.env.SHARE_OWN_PACKAGES;
  if (!chosen || chosen === '0') return {};
  if (chosen === '1') return ownPackagesShared(WORKSPACE_PACKAGES);
  const names = chosen.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(name in OWN_PACKAGES));
  if (unknown.length > 0) throw new Error(`SHARE_OWN_PACKAGES names ${unknown.join(', ')}, not one of ours.`);
  return ownPackagesShared(WORKSPACE_PACKAGES, names as OwnPackage[]);
}

interface FederatedBuild {
  /** The package folder (where package.json and src/ live). */
  dir: string;
  /** host, or one of the remote names in the registry. */
  name: 'host' | 'auth' | 'trading' | 'analytics' | 'ml' | 'infra';
  version: string;
  port: number;
  production: boolean;
  exposes?: Record<string, string>;
  runtimePlugins?: string[];
  title: string;
}

/**
 * One rspack configuration for the host and every remote. A remote is emitted under
 * dist/mf-<name>/<version>/ so each published build has an immutable URL (ARCHITECTURE.md).
 */
export function createFederatedConfig(build: FederatedBuild): Configuration {
  const isHost = build.name === 'host';
  const outputDir = isHost
    ? path.join(build.dir, 'dist')
    : path.join(build.dir, 'dist', `mf-${build.name}`, build.version);
  return {
    mode: build.production ? 'production' : 'development',
    context: build.dir,
    entry: { main: './src/index.ts' },
    devtool: build.production ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: outputDir,
      publicPath: isHost ? '/' : 'auto',
      // The version is part of the chunk-loading global: a swapped-in build must not find its chunk ids
      // already "installed" by the previous version's identically numbered chunks.
      uniqueName: isHost ? 'host' : `mf_${build.name}_${build.version.replace(/\W/g, '_')}`,
      filename: build.production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: build.production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // The real packages for the browser entries above: under their own names they would import themselves.
      alias: {
        'react-router-dom-complete$': realPackageDir(build.dir, 'react-router-dom'),
        'zod-complete$': realPackageDir(build.dir, 'zod'),
      },
    },
    module: {
      rules: [
        // Our packages run nothing on import, so a module no screen uses is left out of the bundle.
        { include: WORKSPACE_PACKAGES, exclude: /node_modules/, sideEffects: false },
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !build.production } },
            },
            env: { targets: 'chrome >= 111, firefox >= 111, safari >= 16' },
          },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({
        title: build.title,
        // Remotes share one standalone page; the host has its own (it loads /app-config.js first).
        template: isHost ? path.join(build.dir, 'index.html') : path.join(BUILD_DIR, 'remote-index.html'),
        chunks: ['main'],
      }),
      new rspack.DefinePlugin({
        __REMOTE_VERSION__: JSON.stringify(build.version),
      }),
      new ModuleFederationPlugin({
        name: isHost ? 'host' : `mf_${build.name}`,
        filename: isHost ? undefined : 'remoteEntry.js',
        exposes: build.exposes,
        remotes: isHost ? {} : undefined,
        shared: {
          ...sharedSingletons(build.dir),
          ...sharedOwnPackages(),
        },
        shareStrategy: 'loaded-first',
        runtimePlugins: build.runtimePlugins,
        manifest: isHost ? false : { fileName: 'mf-manifest.json' },
        dts: false,
        // One copy of the runtime's core per page: the host's. Remotes leave theirs out and read the
        // host's from a global; a remote's standalone page gets its own script instead (0045).
        experiments: {
          optimization: federationRuntimeOptions(),
          externalRuntime: !isHost,
          provideExternalRuntime: isHost,
        },
      }),
      ...(isHost ? [] : [new StandaloneFederationRuntimePlugin(build.production)]),
    ],
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      splitChunks: {
        cacheGroups: {
          // The chart library is a widget's, fetched when a chart mounts: named so the bundle bench
          // counts it apart from the screen's first load (WIDGET_CHUNK_PREFIX, decision 0045).
          chartLibrary: {
            test: /[\\/]node_modules[\\/].*(lightweight-charts|fancy-canvas)[\\/]/,
            name: `${WIDGET_CHUNK_PREFIX}chart-library`,
            chunks: 'async',
            enforce: true,
            priority: 20,
          },
        },
      },
    },
    devServer: {
      port: build.port,
      // Any route of the remote serves its standalone page, so /tick-streaming opens the screen itself.
      historyApiFallback: isHost ? true : { index: `/mf-${build.name}/${build.version}/index.html` },
      headers: { 'Access-Control-Allow-Origin': '*' },
      hot: false,
      devMiddleware: { publicPath: isHost ? '/' : `/mf-${build.name}/${build.version}/` },
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

// The host built with every remote compiled in, to measure federation's own cost (0041).
export { singleBundleRequested, toSingleBundle } from './single-bundle';
