/**
 * The settings of the account page's Preferences section (spec §3 user vars a
 * user may set). `notification_settings` is an object of setting names to
 * booleans; these are the names the site offers. Unset means on.
 */
export const NOTIFICATION_SETTINGS = [
  ['outbid', 'When I am outbid'],
  ['ending-soon', 'When a lot on my watchlist is ending soon'],
  ['won', 'When I win a lot'],
  ['messages', 'When a seller answers my message'],
] as const;
export type NotificationSetting = (typeof NOTIFICATION_SETTINGS)[number][0];
