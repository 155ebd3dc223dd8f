import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { createFederatedConfig, singleBundleRequested, toSingleBundle } from '@td/platform/build';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (env: Record<string, unknown> = {}, argv: { mode?: string } = {}) => {
  const config = createFederatedConfig({
    dir,
    name: 'host',
    version: '1.0.0',
    port: Number(process.env.HOST_PORT ?? 3000),
    production: argv.mode !== 'development',
    runtimePlugins: [
      path.join(dir, 'src/remotes/federation-error-plugin.ts'),
      path.join(dir, 'src/remotes/early-manifest-plugin.ts'),
    ],
    title: 'Trading Dashboard',
  });
  // SINGLE_BUNDLE=1 (or --env single): every remote compiled in, into dist-single/ (docs/decisions/0041).
  const single = singleBundleRequested(env);
  // The single bundle reads no manifests: index.ts must not ask for one early (early-remote.ts).
  config.plugins = [
    ...(config.plugins ?? []),
    new rspack.DefinePlugin({ __FEDERATED__: JSON.stringify(!single) }),
  ];
  return single ? toSingleBundle(config, dir) : config;
};
