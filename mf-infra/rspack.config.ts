import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFederatedConfig } from '@td/platform/build';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (env: { version?: string } = {}, argv: { mode?: string } = {}) =>
  createFederatedConfig({
    dir,
    name: 'infra',
    version: env.version ?? process.env.REMOTE_VERSION ?? '1.0.0',
    port: Number(process.env.REMOTE_INFRA_PORT ?? 3005),
    production: argv.mode !== 'development',
    // Module names are a contract with the Settings screen (docs/decisions/0016): keep them stable.
    exposes: {
      './app': './src/expose/app.ts',
      './DataSourcesSettings': './src/expose/data-sources-settings.ts',
      './ConnectivitySettings': './src/expose/connectivity-settings.ts',
      // Mounted by the host in its diagnostics modal (host/src/layout/diagnostics-gear.tsx).
      './Diagnostics': './src/expose/diagnostics.ts',
    },
    title: 'Infrastructure (standalone)',
  });
