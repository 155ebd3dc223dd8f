export * from './auth';
export * from './envelope';
export * from './market';
export * from './password-strength';
export * from './remote-registry';
export * from './shell';
export * from './stream';
export * from './trading-mode';
