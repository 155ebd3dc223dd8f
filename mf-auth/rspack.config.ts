import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFederatedConfig } from '@td/platform/build';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (env: { version?: string } = {}, argv: { mode?: string } = {}) =>
  createFederatedConfig({
    dir,
    name: 'auth',
    version: env.version ?? process.env.REMOTE_VERSION ?? '1.0.0',
    port: Number(process.env.REMOTE_AUTH_PORT ?? 3001),
    production: argv.mode !== 'development',
    exposes: { './app': './src/expose/app.ts' },
    title: 'Sign-in (standalone)',
  });
