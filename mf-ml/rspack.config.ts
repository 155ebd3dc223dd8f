import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFederatedConfig } from '@td/platform/build';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (env: { version?: string } = {}, argv: { mode?: string } = {}) =>
  createFederatedConfig({
    dir,
    name: 'ml',
    version: env.version ?? process.env.REMOTE_VERSION ?? '1.0.0',
    port: Number(process.env.REMOTE_ML_PORT ?? 3004),
    production: argv.mode !== 'development',
    // Module names are a contract with the dashboard's pipeline card (docs/decisions/0016): keep them stable.
    exposes: {
      './app': './src/expose/app.ts',
      './SentimentPanel': './src/expose/sentiment-panel.ts',
    },
    title: 'ML Intelligence (standalone)',
  });
