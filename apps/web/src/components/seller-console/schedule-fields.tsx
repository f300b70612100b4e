'use client';

import type { ZonedDateTime } from '@internationalized/date';
import { useState } from 'react';
import { I18nProvider } from 'react-aria-components';
import { rezone, timeZones, zonedFromUtc } from '../../lib/seller-events/zoned-time';
import forms from '../forms/forms.module.css';
import { ZonedDateTimeField } from './zoned-date-time-field';

const ZONES = timeZones();

/**
 * The event's start and end (decision 0055), picked in one time zone the
 * seller chooses (UTC until they do); the form still posts UTC. Changing the
 * zone keeps the times as typed, so "10:00" means 10:00 in the new zone.
 */
export function ScheduleFields({
  startAt,
  endAt,
  errors,
}: {
  startAt: string;
  endAt: string;
  errors: { startAt?: string | undefined; endAt?: string | undefined };
}) {
  const [zone, setZone] = useState('UTC');
  const [start, setStart] = useState<ZonedDateTime | null>(() => zonedFromUtc(startAt, 'UTC'));
  const [end, setEnd] = useState<ZonedDateTime | null>(() => zonedFromUtc(endAt, 'UTC'));
  function onZone(next: string) {
    setZone(next);
    setStart((t) => (t ? rezone(t, next) : t));
    setEnd((t) => (t ? rezone(t, next) : t));
  }
  // A picked time comes back in the picker's zone: keep it in the chosen one.
  const inZone = (set: (t: ZonedDateTime | null) => void) => (t: ZonedDateTime | null) =>
    set(t ? rezone(t, zone) : null);
  return (
    <I18nProvider locale="en-US">
      <div className={forms.field}>
        <label htmlFor="event-timeZone" className={forms.label}>
          Time zone
        </label>
        <select
          id="event-timeZone"
          // Not the form's: it is not posted, and React's reset of the form after its action leaves it alone.
          form="schedule-picker-unbound"
          className={forms.input}
          value={zone}
          onChange={(e) => onZone(e.target.value)}
        >
          {ZONES.map((z) => (
            <option key={z} value={z}>
              {z.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
      </div>
      <ZonedDateTimeField
        name="startAt"
        label="Start"
        value={start}
        onChange={inZone(setStart)}
        error={errors.startAt}
      />
      <ZonedDateTimeField name="endAt" label="End" value={end} onChange={inZone(setEnd)} error={errors.endAt} />
    </I18nProvider>
  );
}
