export * from './api-client';
export * from './api-client-context';
export * from './api-error';
export * from './auth';
export * from './polling';
export * from './query-client';
export * from './shell';
export * from './trading';
