import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFederatedConfig } from '@td/platform/build';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (_env: unknown, argv: { mode?: string } = {}) =>
  createFederatedConfig({
    dir,
    name: 'host',
    version: '1.0.0',
    port: Number(process.env.HOST_PORT ?? 3000),
    production: argv.mode !== 'development',
    runtimePlugins: [path.join(dir, 'src/remotes/federation-error-plugin.ts')],
    title: 'Trading Dashboard',
  });
