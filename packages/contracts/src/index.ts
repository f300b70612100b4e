export * from './catalog';
export * from './enums';
export * from './envelope';
export * from './platform';
export * from './query-object';
export * from './regions';
