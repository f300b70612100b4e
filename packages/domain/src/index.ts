export * from './bidding-rules';
export * from './bidding-status';
export * from './buyer-standing';
export * from './close-schedule';
export * from './ending-date';
export * from './lot-card-state';
export * from './lot-lifecycle';
export * from './proxy-bid';
