import { bigint, char, timestamp } from 'drizzle-orm/pg-core';

/** Integer minor units. bigint because int4 tops out near $21M in cents. */
export const money = (name: string) => bigint(name, { mode: 'number' });
export const currency = (name = 'currency') => char(name, { length: 3 }).notNull().default('USD');
/** Every timestamp is timestamptz and read as a Date in UTC. */
export const utc = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => utc('created_at').notNull().defaultNow();
