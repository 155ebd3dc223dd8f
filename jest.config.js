// One jest run over the workspace: server code in Node, everything with a screen in jsdom.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  // Packages that ship only as ES modules are compiled too; everything else in node_modules is not.
  transformIgnorePatterns: ['^(?!.*/node_modules/\\.pnpm/(nanoid|uuid|cookie)@).*/node_modules/'],
};
export default {
  // CI has two cores shared by the jest workers: a generous per-test limit, so load cannot fail a test.
  // A global option: inside `projects` jest ignores it and keeps its 5 s default.
  testTimeout: 30_000,
  projects: [
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      // PostgreSQL and Redis for a run that was not given them (npm test starts its own): only when
      // the run includes a server test, and stopped again at its end.
      globalSetup: '<rootDir>/scripts/jest/start-test-services.ts',
      globalTeardown: '<rootDir>/scripts/jest/stop-test-services.ts',
      testMatch: [
        '<rootDir>/packages/server/src/**/*.test.ts',
        '<rootDir>/packages/contracts/src/**/*.test.ts',
        '<rootDir>/scripts/**/*.test.ts',
        '<rootDir>/tests/deploy/**/*.test.ts',
        '<rootDir>/tests/cluster/**/*.test.ts',
      ],
    },
    {
      // The build configuration's tests read configs and dist folders: Node, no database.
      ...common,
      displayName: 'build',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/packages/platform/build/**/*.test.ts'],
      // The bundler ships as ES modules only: the tests read configurations through stand-ins.
      moduleNameMapper: {
        '^@rspack/core$': '<rootDir>/packages/platform/build/test-doubles/rspack-core.ts',
        '^@module-federation/enhanced/rspack$':
          '<rootDir>/packages/platform/build/test-doubles/federation-plugin.ts',
      },
    },
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      setupFilesAfterEnv: ['<rootDir>/jest.setup-dom.ts'],
      testMatch: [
        '<rootDir>/{host,mf-auth,mf-trading,mf-analytics,mf-ml,mf-infra}/src/**/*.test.{ts,tsx}',
        '<rootDir>/packages/{ui,api-client,platform}/src/**/*.test.{ts,tsx}',
      ],
    },
  ],
};
