export * from './bidding-rules';
export * from './buyer-standing';
export * from './ending-date';
export * from './lot-card-state';
export * from './lot-lifecycle';
