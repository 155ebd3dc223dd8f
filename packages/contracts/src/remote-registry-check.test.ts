import { okEnvelope } from './envelope';
import { remoteRegistrySchema } from './remote-registry';
import { readRemoteRegistry, remoteRegistryReply } from './remote-registry-check';

const entry = { manifest_url: 'https://cdn.example.com/mf-auth/1.4.3/mf-manifest.json', version: '1.4.3' };
const good = {
  'one remote': { remotes: { auth: entry }, updated_at: '2026-11-26T10:00:00Z' },
  'every remote, prerelease and build versions': {
    remotes: {
      auth: entry,
      trading: { manifest_url: 'http://localhost:3001/mf-manifest.json', version: '2.0.0-rc.1' },
      analytics: { manifest_url: 'HTTP://CDN.EXAMPLE.COM/m.json', version: '1.0.0+build.7' },
      ml: entry,
      infra: entry,
    },
    updated_at: 'x',
  },
  'no remotes': { remotes: {}, updated_at: '' },
  'unknown keys (dropped)': { remotes: { auth: { ...entry, extra: 1 } }, updated_at: 'x', note: 'n' },
};
const bad = {
  'not an object': 'registry',
  null: null,
  'remotes missing': { updated_at: 'x' },
  'remotes a list': { remotes: [entry], updated_at: 'x' },
  'updated_at missing': { remotes: {} },
  'updated_at a number': { remotes: {}, updated_at: 1 },
  'unknown remote': { remotes: { billing: entry }, updated_at: 'x' },
  'relative manifest': {
    remotes: { auth: { ...entry, manifest_url: '/mf-manifest.json' } },
    updated_at: 'x',
  },
  'javascript: manifest': {
    remotes: { auth: { ...entry, manifest_url: 'javascript:alert(1)' } },
    updated_at: 'x',
  },
  'file: manifest': { remotes: { auth: { ...entry, manifest_url: 'file:///etc/passwd' } }, updated_at: 'x' },
  'manifest a number': { remotes: { auth: { ...entry, manifest_url: 7 } }, updated_at: 'x' },
  'two-part version': { remotes: { auth: { ...entry, version: '1.4' } }, updated_at: 'x' },
  'version with a v': { remotes: { auth: { ...entry, version: 'v1.4.3' } }, updated_at: 'x' },
  'entry null': { remotes: { auth: null }, updated_at: 'x' },
};

describe('the zod-free registry check agrees with remoteRegistrySchema', () => {
  it.each(Object.entries(good))('accepts %s, with the same result', (_name, registry) => {
    const parsed = remoteRegistrySchema.safeParse(registry);
    expect(parsed.success).toBe(true);
    expect(readRemoteRegistry(registry)).toEqual(parsed.data);
  });

  it.each(Object.entries(bad))('refuses %s', (_name, registry) => {
    expect(remoteRegistrySchema.safeParse(registry).success).toBe(false);
    expect(readRemoteRegistry(registry)).toBeNull();
  });

  it('reads the reply envelope as okEnvelope(remoteRegistrySchema) does', () => {
    const replies = [
      { success: true, data: good['one remote'] },
      { success: false, data: good['one remote'] },
      { success: true, data: bad['unknown remote'] },
      { data: good['one remote'] },
      null,
    ];
    for (const reply of replies) {
      const viaZod = okEnvelope(remoteRegistrySchema).safeParse(reply);
      const viaCheck = remoteRegistryReply.safeParse(reply);
      expect(viaCheck.success).toBe(viaZod.success);
      if (viaCheck.success) expect(viaCheck.data).toEqual(viaZod.data);
    }
  });
});
