export * from './paths';
export * from './ports';
export * from './api';
export * from './static-server';
export * from './browser';
export * from './axe';
export * from './harness';
export * from './articles';
