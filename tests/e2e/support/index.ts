export * from './browser';
export * from './build';
export * from './expect';
export * from './paths';
export * from './registry';
export * from './shared-chunks';
export * from './sign-in';
export * from './stack';
