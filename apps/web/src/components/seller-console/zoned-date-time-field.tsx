'use client';

import type { ZonedDateTime } from '@internationalized/date';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  Label,
  Popover,
  Text,
} from 'react-aria-components';
import { utcLabelOf, utcMinuteOf } from '../../lib/seller-events/zoned-time';
import forms from '../forms/forms.module.css';
import styles from './console.module.css';

/**
 * A date and time in a chosen time zone (react-aria-components: a DatePicker
 * whose segments are spin buttons, with a calendar in a popover). It posts
 * the UTC minute under `name`, and says the UTC equivalent under itself.
 */
export function ZonedDateTimeField({
  name,
  label,
  value,
  onChange,
  error,
}: {
  name: string;
  label: string;
  value: ZonedDateTime | null;
  onChange: (value: ZonedDateTime | null) => void;
  error: string | undefined;
}) {
  return (
    <DatePicker
      className={forms.field}
      value={value}
      onChange={onChange}
      granularity="minute"
      hourCycle={24}
      hideTimeZone
      isInvalid={Boolean(error)}
      shouldForceLeadingZeros
      // The picker's own value input belongs to no form (no element has this id): React resets a form after
      // its action, and react-aria would then reset the picker to its first value. The UTC input below posts.
      form="schedule-picker-unbound"
    >
      <Label className={forms.label}>{label}</Label>
      <Group className={`${forms.input} ${styles.dateGroup}`}>
        <DateInput className={styles.dateInput}>
          {(segment) => <DateSegment segment={segment} className={styles.segment} />}
        </DateInput>
        <Button className={styles.calendarButton} aria-label={`${label}: choose a date`}>
          ▾
        </Button>
      </Group>
      <Text slot="description" className={forms.hint}>
        {value ? `That is ${utcLabelOf(value)}.` : 'Type the date and time, or choose the date.'}
      </Text>
      <FieldError className={forms.fieldError}>{error}</FieldError>
      <input type="hidden" name={name} value={value ? utcMinuteOf(value) : ''} />
      <Popover className={styles.popover}>
        <Dialog className={styles.calendarDialog}>
          <Calendar>
            <header className={styles.calendarHeader}>
              <Button slot="previous" aria-label="Previous month">
                ◀
              </Button>
              <Heading />
              <Button slot="next" aria-label="Next month">
                ▶
              </Button>
            </header>
            <CalendarGrid>{(date) => <CalendarCell date={date} className={styles.cell} />}</CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  );
}
