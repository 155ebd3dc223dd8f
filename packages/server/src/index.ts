export { buildApp } from './http/app';
export type { AppServices } from './http/route-deps';
export { type AppConfig, loadConfig } from './runtime/config';
export { createLogger } from './runtime/logger';
export { createRuntime, type Runtime } from './runtime/runtime';
