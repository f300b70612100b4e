import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ScheduleFields } from './schedule-fields';

describe('the schedule fields, as the server renders them', () => {
  it('post the stored UTC minute, say it in UTC, and offer the zones', () => {
    const html = renderToStaticMarkup(
      <ScheduleFields startAt="2030-07-15T14:30:45.000Z" endAt="" errors={{ endAt: 'The end is required.' }} />,
    );
    expect(html).toContain('<input type="hidden" name="startAt" value="2030-07-15T14:30"/>');
    expect(html).toContain('<input type="hidden" name="endAt" value=""/>');
    expect(html).toContain('That is 15 Jul 2030, 14:30 UTC.');
    expect(html).toContain('The end is required.');
    expect(html).toContain('<option value="America/Chicago">America/Chicago</option>');
    // Neither the zone select nor the pickers' own inputs belong to the event form (React resets it after an action).
    expect(html).toMatch(/<select[^>]*form="schedule-picker-unbound"/);
  });
});
