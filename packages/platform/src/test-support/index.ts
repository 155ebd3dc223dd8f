export * from './engine-status';
export * from './fake-date-only';
export * from './fake-response';
export * from './halt-state';
export * from './render-remote';
