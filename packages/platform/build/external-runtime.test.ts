import fs from 'node:fs';
import path from 'node:path';
import { createFederatedConfig } from './federation';
import { STANDALONE_RUNTIME_FILE, StandaloneFederationRuntimePlugin } from './standalone-runtime-plugin';
import { WIDGET_CHUNK_PREFIX } from './widget-chunks';

const ROOT = path.resolve(__dirname, '../../..');
const REMOTES = ['auth', 'trading', 'analytics', 'ml', 'infra'] as const;

function configOf(name: 'host' | (typeof REMOTES)[number]) {
  const dir = path.join(ROOT, name === 'host' ? 'host' : `mf-${name}`);
  return createFederatedConfig({ name, dir, version: '1.0.0', port: 0, production: true, title: 't' });
}

function experimentsOf(config: ReturnType<typeof configOf>) {
  const federation = config.plugins?.find(
    (plugin) =>
      (plugin as { constructor: { name: string } } | null)?.constructor.name === 'ModuleFederationPlugin',
  ) as unknown as {
    _options: { experiments: { externalRuntime: boolean; provideExternalRuntime: boolean } };
  };
  return federation._options.experiments;
}

const hasStandaloneRuntime = (config: ReturnType<typeof configOf>) =>
  (config.plugins ?? []).some((plugin) => plugin instanceof StandaloneFederationRuntimePlugin);

describe('one federation runtime core per page', () => {
  it('the host provides its runtime core to the remotes and carries no standalone script', () => {
    const host = configOf('host');
    expect(experimentsOf(host)).toMatchObject({ provideExternalRuntime: true, externalRuntime: false });
    expect(hasStandaloneRuntime(host)).toBe(false);
  });

  it.each(REMOTES)(
    'mf-%s reads the core from the page and brings a script for its standalone page',
    (name) => {
      const remote = configOf(name);
      expect(experimentsOf(remote)).toMatchObject({ externalRuntime: true, provideExternalRuntime: false });
      expect(hasStandaloneRuntime(remote)).toBe(true);
    },
  );

  it("the remotes' standalone page loads the core before the remote's own scripts", () => {
    const template = fs.readFileSync(path.join(__dirname, 'remote-index.html'), 'utf8');
    // The bundler injects the remote's scripts at the end of <head>: this one comes first.
    const tag = template.indexOf(`<script defer src="${STANDALONE_RUNTIME_FILE}"></script>`);
    expect(tag).toBeGreaterThan(-1);
    expect(tag).toBeLessThan(template.indexOf('</head>'));
  });

  it('a built remote entry reads the core from the page, and the standalone script publishes it', () => {
    for (const name of REMOTES) {
      const dist = path.join(ROOT, `mf-${name}`, 'dist', `mf-${name}`, '1.0.0');
      if (!fs.existsSync(path.join(dist, 'remoteEntry.js'))) continue;
      expect(fs.readFileSync(path.join(dist, 'remoteEntry.js'), 'utf8')).toContain(
        '_FEDERATION_RUNTIME_CORE',
      );
      expect(fs.readFileSync(path.join(dist, STANDALONE_RUNTIME_FILE), 'utf8')).toContain(
        '_FEDERATION_RUNTIME_CORE',
      );
    }
  });
});

describe('widget chunks', () => {
  it('the chart library is a named widget chunk, split from the screens that mount a chart', () => {
    const splitChunks = configOf('analytics').optimization?.splitChunks as {
      cacheGroups: Record<string, { test: RegExp; name: string; chunks: string }>;
    };
    const group = splitChunks.cacheGroups.chartLibrary!;
    expect(group.name.startsWith(WIDGET_CHUNK_PREFIX)).toBe(true);
    expect(group.chunks).toBe('async');
    const pnpmPath =
      '/repo/node_modules/.pnpm/lightweight-charts@5.0.0/node_modules/lightweight-charts/dist/x.js';
    expect(group.test.test(pnpmPath)).toBe(true);
    expect(group.test.test('/repo/node_modules/.pnpm/react-dom@19.0.0/node_modules/react-dom/index.js')).toBe(
      false,
    );
  });
});
