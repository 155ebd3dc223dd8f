import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFederatedConfig } from './federation';
import { ownPackagesShared, ownPackageVersion } from './own-package-versions';

/** A throwaway packages folder: contracts, ui, api-client (imports contracts) and platform. */
function packagesFolder(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'own-packages-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  const manifest = (name: string, dependencies: Record<string, string> = {}) =>
    JSON.stringify({ name, version: '1.0.0', dependencies });
  write('contracts/package.json', manifest('@td/contracts', { zod: 'catalog:' }));
  write('contracts/src/index.ts', "export * from './orders';\n");
  write('contracts/src/orders.ts', 'export const MAX_QTY = 100;\n');
  write('contracts/src/orders.test.ts', "it('reads', () => {});\n");
  write('ui/package.json', manifest('@td/ui'));
  write('ui/src/index.ts', 'export const Button = 1;\n');
  write('api-client/package.json', manifest('@td/api-client', { '@td/contracts': 'workspace:*' }));
  write('api-client/src/index.ts', 'export const orders = 1;\n');
  write('platform/package.json', manifest('@td/platform'));
  write('platform/src/index.ts', 'export const mount = 1;\n');
  write('platform/src/test-support/index.ts', 'export const fake = 1;\n');
  return root;
}

describe('our packages versioned by their source', () => {
  let root: string;
  beforeEach(() => {
    root = packagesFolder();
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('gives the same source the same version, in a form semver accepts', () => {
    const version = ownPackageVersion(root, '@td/contracts');
    expect(version).toMatch(/^0\.0\.0-h[0-9a-f]{12}$/);
    expect(ownPackageVersion(root, '@td/contracts')).toBe(version);
    // Another checkout of the same source (another folder) names the same version.
    const copy = packagesFolder();
    expect(ownPackageVersion(copy, '@td/contracts')).toBe(version);
    fs.rmSync(copy, { recursive: true, force: true });
  });

  it('gives a package a new version when one shipped file changes', () => {
    const before = ownPackageVersion(root, '@td/contracts');
    fs.writeFileSync(path.join(root, 'contracts/src/orders.ts'), 'export const MAX_QTY = 200;\n');
    expect(ownPackageVersion(root, '@td/contracts')).not.toBe(before);
  });

  it('gives a package a new version when a file is added or renamed', () => {
    const before = ownPackageVersion(root, '@td/ui');
    fs.writeFileSync(path.join(root, 'ui/src/badge.ts'), 'export const Badge = 1;\n');
    const added = ownPackageVersion(root, '@td/ui');
    expect(added).not.toBe(before);
    fs.renameSync(path.join(root, 'ui/src/badge.ts'), path.join(root, 'ui/src/tag.ts'));
    expect(ownPackageVersion(root, '@td/ui')).not.toBe(added);
  });

  it('gives a package a new version when a package of ours it imports changes, and no other', () => {
    const client = ownPackageVersion(root, '@td/api-client');
    const ui = ownPackageVersion(root, '@td/ui');
    fs.writeFileSync(path.join(root, 'contracts/src/orders.ts'), 'export const MAX_QTY = 200;\n');
    expect(ownPackageVersion(root, '@td/api-client')).not.toBe(client);
    expect(ownPackageVersion(root, '@td/ui')).toBe(ui);
  });

  it('keeps the version when only tests or test support change: they never reach a bundle', () => {
    const contracts = ownPackageVersion(root, '@td/contracts');
    const platform = ownPackageVersion(root, '@td/platform');
    fs.writeFileSync(path.join(root, 'contracts/src/orders.test.ts'), "it('reads again', () => {});\n");
    fs.writeFileSync(path.join(root, 'platform/src/test-support/index.ts'), 'export const fake = 2;\n');
    expect(ownPackageVersion(root, '@td/contracts')).toBe(contracts);
    expect(ownPackageVersion(root, '@td/platform')).toBe(platform);
  });

  it('shares each package with an exact version, never as one forced copy, and not the chart subpath', () => {
    const shared = ownPackagesShared(root);
    // '@td/platform/chart' shared would be one whole module with the chart library behind it.
    expect(Object.keys(shared).sort()).toEqual(['@td/api-client', '@td/contracts', '@td/platform', '@td/ui']);
    const version = ownPackageVersion(root, '@td/ui');
    expect(shared['@td/ui']).toEqual({
      singleton: false,
      strictVersion: true,
      version,
      requiredVersion: version,
    });
  });
});

describe('the SHARE_OWN_PACKAGES measurement switch', () => {
  const ROOT = path.resolve(__dirname, '../../..');
  const before = process.env.SHARE_OWN_PACKAGES;
  afterEach(() => {
    if (before === undefined) delete process.env.SHARE_OWN_PACKAGES;
    else process.env.SHARE_OWN_PACKAGES = before;
  });

  function sharedKeysOfTrading(): string[] {
    const config = createFederatedConfig({
      name: 'trading',
      dir: path.join(ROOT, 'mf-trading'),
      version: '1.0.0',
      port: 0,
      production: true,
      title: 't',
    });
    const federation = config.plugins?.find(
      (plugin) =>
        (plugin as { constructor: { name: string } } | null)?.constructor.name === 'ModuleFederationPlugin',
    ) as unknown as { _options: { shared: Record<string, unknown> } };
    return Object.keys(federation._options.shared).filter((key) => key.startsWith('@td/'));
  }

  it('leaves our packages unshared when unset: each build carries its own (0008)', () => {
    delete process.env.SHARE_OWN_PACKAGES;
    expect(sharedKeysOfTrading()).toEqual([]);
  });

  it('shares the packages it names, and refuses a name that is not ours', () => {
    process.env.SHARE_OWN_PACKAGES = '@td/ui';
    expect(sharedKeysOfTrading()).toEqual(['@td/ui']);
    process.env.SHARE_OWN_PACKAGES = '@td/uikit';
    expect(() => sharedKeysOfTrading()).toThrow('SHARE_OWN_PACKAGES names @td/uikit, not one of ours.');
  });
});
