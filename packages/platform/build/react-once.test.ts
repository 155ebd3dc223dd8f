import fs from 'node:fs';
import path from 'node:path';
import { sharedKindsIn } from '../../../tests/e2e/support/shared-chunks';
import { createFederatedConfig } from './federation';

const ROOT = path.resolve(__dirname, '../../..');
const REMOTES = ['auth', 'trading', 'analytics', 'ml', 'infra'] as const;
const BUILDS = [
  { name: 'host' as const, dir: path.join(ROOT, 'host') },
  ...REMOTES.map((name) => ({ name, dir: path.join(ROOT, `mf-${name}`) })),
];
const REACT_SHARES = ['react', 'react-dom', 'react-dom/', 'react/jsx-runtime'];

interface SharedEntry {
  singleton?: boolean;
  eager?: boolean;
  import?: string | false;
}

function sharedOf(build: (typeof BUILDS)[number]): Record<string, SharedEntry> {
  const config = createFederatedConfig({ ...build, version: '1.0.0', port: 0, production: true, title: 't' });
  const federation = config.plugins?.find(
    (plugin) =>
      (plugin as { constructor: { name: string } } | null)?.constructor.name === 'ModuleFederationPlugin',
  ) as unknown as { _options: { shared: Record<string, SharedEntry> } };
  return federation._options.shared;
}

describe('React is one copy per page', () => {
  it.each(BUILDS)('$name shares react and react-dom as singletons, never eagerly', (build) => {
    const shared = sharedOf(build);
    for (const name of REACT_SHARES) {
      expect({ name, singleton: shared[name]?.singleton }).toEqual({ name, singleton: true });
      expect({ name, eager: shared[name]?.eager ?? false }).toEqual({ name, eager: false });
    }
  });

  it('no built remote carries React outside its shared fallback chunks, which a page with the host never loads', () => {
    const built = REMOTES.map((name) => ({
      name,
      dist: path.join(ROOT, `mf-${name}`, 'dist', `mf-${name}`, '1.0.0'),
    })).filter(({ dist }) => fs.existsSync(path.join(dist, 'mf-manifest.json')));
    const offenders: string[] = [];
    for (const { name, dist } of built) {
      const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as {
        shared: { assets: { js: { sync: string[]; async: string[] } } }[];
      };
      const fallbacks = new Set(
        manifest.shared.flatMap(({ assets }) => [...assets.js.sync, ...assets.js.async]),
      );
      for (const file of fs.readdirSync(dist).filter((f) => f.endsWith('.js') && !fallbacks.has(f))) {
        const kinds = sharedKindsIn(fs.readFileSync(path.join(dist, file), 'utf8'));
        if (kinds.length > 0) offenders.push(`mf-${name}/${file}: ${kinds.join(', ')}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('the built host holds React and the DOM renderer in one chunk each', () => {
    const dist = path.join(ROOT, 'host', 'dist');
    if (!fs.existsSync(dist)) return;
    const chunks = fs.readdirSync(dist).filter((f) => f.endsWith('.js'));
    const holding = (kind: 'react' | 'react-dom') =>
      chunks.filter((f) => sharedKindsIn(fs.readFileSync(path.join(dist, f), 'utf8')).includes(kind));
    expect(holding('react')).toHaveLength(1);
    expect(holding('react-dom')).toHaveLength(1);
  });
});
