import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  from: string;
  name: string;
  instructions: Instruction[];
}

/** The Dockerfile's instructions by stage: comments dropped, `\` continuations joined. */
function parseDockerfile(text: string): { args: Record<string, string>; stages: Stage[] } {
  const joined = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ');
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of joined.split('\n').map((item) => item.trim())) {
    if (!line) continue;
    const [keyword = '', ...rest] = line.split(/\s+/);
    const instruction = { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    if (instruction.keyword === 'FROM') {
      const [from = '', , name = ''] = rest;
      stages.push({ from, name, instructions: [] });
    } else if (stages.length === 0 && instruction.keyword === 'ARG') {
      const [name = '', value = ''] = instruction.args.split('=');
      args[name] = value;
    } else stages.at(-1)?.instructions.push(instruction);
  }
  return { args, stages };
}

const { args, stages } = parseDockerfile(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
const stage = (name: string): Stage => {
  const found = stages.find((item) => item.name === name);
  if (!found) throw new Error(`no stage ${name} in the Dockerfile`);
  return found;
};
const all = (of: Stage, keyword: string) => of.instructions.filter((item) => item.keyword === keyword);
const last = (of: Stage, keyword: string) => all(of, keyword).at(-1)?.args;

describe('the Dockerfile', () => {
  it('builds in stages on Node 20, every base image being node:20-bookworm-slim or an earlier stage', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    expect(args.NODE_IMAGE).toBe('node:20-bookworm-slim');
    const earlier = new Set<string>();
    for (const { from, name } of stages) {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the Dockerfile's ARG reference, as written there.
      expect(from === '${NODE_IMAGE}' || earlier.has(from)).toBe(true);
      earlier.add(name);
    }
  });

  it('installs from the lockfile and builds the host and remotes, with no dev dependency in what runs', () => {
    const runs = (name: string) =>
      all(stage(name), 'RUN')
        .map((item) => item.args)
        .join('\n');
    expect(runs('deps')).toContain('pnpm install --frozen-lockfile');
    expect(runs('build')).toContain('pnpm run build');
    expect(runs('prod-deps')).toMatch(/pnpm install --frozen-lockfile --prod/);
    const runtimeCopies = all(stage('runtime'), 'COPY').map((item) => item.args);
    expect(runtimeCopies.filter((copy) => copy.includes('--from=deps'))).toEqual([]);
  });

  it('makes the runtime the default target: non-root, port 8080, a health check on /api/health', () => {
    const runtime = stages.at(-1)!;
    expect(runtime.name).toBe('runtime');
    expect(last(runtime, 'USER')).toBe('node');
    expect(last(runtime, 'EXPOSE')).toBe('8080');
    expect(last(runtime, 'HEALTHCHECK')).toContain('/api/health');
    expect(last(runtime, 'CMD')).toContain('/app/scripts/serve-image.ts');
  });

  it('copies every local module the entrypoint imports into the runtime', () => {
    const entrypoint = fs.readFileSync(path.join(root, 'scripts/serve-image.ts'), 'utf8');
    const copied = all(stage('runtime'), 'COPY')
      .map((item) => item.args)
      .join(' ');
    for (const [, module] of entrypoint.matchAll(/from '\.\/(lib\/[\w-]+)'/g))
      expect(copied).toContain(`scripts/${module}.ts`);
  });

  it('has a target that ships one remote alone, mf-infra unless told, non-root with a health check', () => {
    const remote = stage('remote');
    expect(all(remote, 'ARG').map((item) => item.args)).toContain('REMOTE=mf-infra');
    expect(last(remote, 'USER')).toBe('node');
    expect(last(remote, 'HEALTHCHECK')).toContain('MANIFEST_PATH');
    expect(all(stage('build-remote'), 'RUN')[0]!.args).toContain('pnpm --filter "./$REMOTE" run build');
  });

  it("runs the one-remote server without packages: it and its modules import only node's own", () => {
    // The remote image holds the compiled server and no node_modules (and the full one no dev dependency).
    for (const file of [
      'scripts/serve-remote.ts',
      'scripts/lib/bundle-server.ts',
      'scripts/lib/image-settings.ts',
    ]) {
      const source = fs.readFileSync(path.join(root, file), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]!);
      expect(imports.filter((name) => !name.startsWith('node:') && !name.startsWith('./'))).toEqual([]);
    }
  });

  it('bakes in no secret: no secret-like ARG or ENV, no env file copied, and the context leaves them out', () => {
    const settings = stages.flatMap((item) =>
      item.instructions.filter((instruction) => ['ARG', 'ENV'].includes(instruction.keyword)),
    );
    const names = settings.flatMap((item) =>
      [...item.args.matchAll(/([A-Z_]+)=/g)].map((match) => match[1]!),
    );
    expect(
      names.filter((name) => /SECRET|TOKEN|PASSWORD|CREDENTIAL|_KEY$|DATABASE_URL|REDIS_URL/.test(name)),
    ).toEqual([]);
    const copies = stages.flatMap((item) => all(item, 'COPY').map((copy) => copy.args));
    expect(copies.filter((copy) => /\.env\b|secret/i.test(copy))).toEqual([]);
    const ignored = fs.readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/*.env', '**/node_modules', '.git', 'data']));
  });
});
