export * from './engine-status';
export * from './fake-date-only';
export * from './halt-state';
export * from './render-remote';
