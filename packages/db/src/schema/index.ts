export * from './catalog';
export * from './enums';
export * from './events';
export * from './legacy';
export * from './lots';
export * from './platform';
export * from './search';
export * from './sellers';
