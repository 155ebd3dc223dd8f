export { buildApp } from './app';
export { type AppConfig, loadConfig } from './config';
export type { AppServices } from './http/route-deps';
export { createLogger } from './logger';
export { createRuntime, type Runtime } from './runtime/runtime';
