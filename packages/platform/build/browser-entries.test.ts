import fs from 'node:fs';
import path from 'node:path';
import * as routerBrowser from './react-router-browser';
import { z as zodBrowser } from './zod-browser';

// The shared browser entries import the real packages under a second name (federation.ts aliases).
jest.mock('react-router-dom-complete', () => jest.requireActual('react-router-dom'), { virtual: true });
jest.mock('zod-complete', () => jest.requireActual('zod'), { virtual: true });

const ROOT = path.resolve(__dirname, '../../..');
/** Every folder whose code is bundled for the browser. */
const BROWSER_SOURCES = [
  'host/src',
  ...['auth', 'trading', 'analytics', 'ml', 'infra'].map((name) => `mf-${name}/src`),
  ...['contracts', 'api-client', 'platform', 'ui'].map((name) => `packages/${name}/src`),
];
/** zod's type-level helpers: `z.infer<...>` and friends never run. */
const ZOD_TYPES = new Set(['infer', 'input', 'output', 'ZodTypeAny']);

function browserFiles(): { file: string; text: string }[] {
  return BROWSER_SOURCES.flatMap((dir) =>
    fs
      .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('test-support'))
      .map((file) => ({
        file: `${dir}/${file}`,
        text: fs.readFileSync(path.join(ROOT, dir, file), 'utf8'),
      })),
  );
}

/** The values (not types) a file imports by name from a package. */
function valuesImported(text: string, pkg: string): string[] {
  const statements = text.matchAll(new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${pkg}'`, 'g'));
  return [...statements]
    .filter((match) => !match[1])
    .flatMap((match) => match[2]!.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '' && !name.startsWith('type '))
    .map((name) => name.split(/\s+as\s+/)[0]!);
}

const missing = (wanted: { file: string; names: string[] }[], available: Set<string>) =>
  wanted.flatMap(({ file, names }) =>
    names.filter((name) => !available.has(name)).map((name) => `${file}: ${name}`),
  );

describe('the shared browser entries hold everything the browser code uses', () => {
  const files = browserFiles();

  it('finds the browser code it checks', () => {
    expect(files.filter(({ text }) => text.includes("from 'zod'")).length).toBeGreaterThan(10);
    expect(files.filter(({ text }) => text.includes("from 'react-router-dom'")).length).toBeGreaterThan(5);
  });

  it('react-router-browser.ts exports every react-router-dom name a screen imports', () => {
    const wanted = files.map(({ file, text }) => ({ file, names: valuesImported(text, 'react-router-dom') }));
    expect(missing(wanted, new Set(Object.keys(routerBrowser)))).toEqual([]);
  });

  it('zod-browser.ts holds every z. function a schema calls', () => {
    const wanted = files.map(({ file, text }) => ({
      file,
      names: [
        ...[...text.matchAll(/\bz\.([A-Za-z_]\w*)/g)]
          .map((match) => match[1]!)
          .filter((n) => !ZOD_TYPES.has(n)),
        ...valuesImported(text, 'zod').filter((name) => name !== 'z'),
      ],
    }));
    expect(missing(wanted, new Set(Object.keys(zodBrowser)))).toEqual([]);
  });

  it('every name the entries list exists in the real package', () => {
    for (const [name, value] of [...Object.entries(routerBrowser), ...Object.entries(zodBrowser)])
      expect({ name, defined: value !== undefined }).toEqual({ name, defined: true });
  });
});
