export { buildApp } from './app';
export { type AppConfig, loadConfig } from './config';
export { createLogger } from './logger';
export { type AppServices, createServices } from './services';
