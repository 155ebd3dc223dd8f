export * from './engine-status';
export * from './render-remote';
