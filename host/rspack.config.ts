import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFederatedConfig, singleBundleRequested, toSingleBundle } from '@td/platform/build';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (env: Record<string, unknown> = {}, argv: { mode?: string } = {}) => {
  const config = createFederatedConfig({
    dir,
    name: 'host',
    version: '1.0.0',
    port: Number(process.env.HOST_PORT ?? 3000),
    production: argv.mode !== 'development',
    runtimePlugins: [path.join(dir, 'src/remotes/federation-error-plugin.ts')],
    title: 'Trading Dashboard',
  });
  // SINGLE_BUNDLE=1 (or --env single): every remote compiled in, into dist-single/ (docs/decisions/0041).
  return singleBundleRequested(env) ? toSingleBundle(config, dir) : config;
};
