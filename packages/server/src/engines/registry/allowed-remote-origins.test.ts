import { loadConfig } from '../../runtime/config';

describe('allowed remote origins', () => {
  it('are the stack’s own remote servers, by PUBLIC_HOST and by 127.0.0.1', () => {
    const { allowedRemoteOrigins } = loadConfig({ PUBLIC_HOST: 'desk.example', REMOTE_INFRA_PORT: '4005' });
    expect(allowedRemoteOrigins).toContain('http://desk.example:4005');
    expect(allowedRemoteOrigins).toContain('http://127.0.0.1:4005');
    expect(allowedRemoteOrigins).toContain('http://desk.example:3001');
    expect(allowedRemoteOrigins).toHaveLength(10);
  });

  it('add EXTRA_REMOTE_ORIGINS, reduced to their origins', () => {
    const { allowedRemoteOrigins } = loadConfig({
      EXTRA_REMOTE_ORIGINS: 'https://cdn.example.com/builds/, http://mirror.example:8080',
    });
    expect(allowedRemoteOrigins.slice(-2)).toEqual(['https://cdn.example.com', 'http://mirror.example:8080']);
  });

  it('refuse an EXTRA_REMOTE_ORIGINS entry that is not an http(s) URL, saying what is expected', () => {
    for (const value of ['cdn.example.com', 'ftp://cdn.example.com', 'javascript:alert(1)'])
      expect(() => loadConfig({ EXTRA_REMOTE_ORIGINS: value })).toThrow(
        /EXTRA_REMOTE_ORIGINS must be comma-separated http\(s\) origins/,
      );
  });
});
