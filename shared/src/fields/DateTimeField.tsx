// The date and time fields of the editor and the filters: antd's pickers, shown in the interface language's format
// (German: 14.03.2027 and 18:30; English: 2027-03-14), while the form keeps the values the mapping to
// the API already uses: 'YYYY-MM-DD', 'HH:mm' or 'YYYY-MM-DDTHH:mm' (a wall time of the user), '' for none.
import ConfigProvider from 'antd/es/config-provider';
import DatePicker from 'antd/es/date-picker';
import TimePicker from 'antd/es/time-picker';
import dayjs, { type Dayjs } from 'dayjs';
import type { PickerLocale as DatePickerLocale } from 'antd/es/date-picker/generatePicker';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SHARED_NAMESPACE } from 'shared';

export type DateTimeKind = 'date' | 'time' | 'dateTime';

/** The form's text for each kind (what the API mapping reads and writes). */
const VALUE_FORMAT: Record<DateTimeKind, string> = { date: 'YYYY-MM-DD', time: 'HH:mm', dateTime: 'YYYY-MM-DDTHH:mm' };
const VALUE_SHAPE: Record<DateTimeKind, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}$/,
  dateTime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/,
};

/** The form's text as a day.js value (null for '', a text of another shape or a day that does not exist, 0000-00-00 included). */
export function pickerValue(value: string | null | undefined, kind: DateTimeKind): Dayjs | null {
  const text = (value ?? '').trim();
  if (!VALUE_SHAPE[kind].test(text)) return null;
  // Read as a wall time of the browser (no zone): ISO date-time text without an offset.
  const parsed = dayjs(kind === 'time' ? `2000-01-01T${text}` : kind === 'date' ? `${text}T00:00` : text);
  // 2027-02-30 would roll over to 2 March: not the day the form holds.
  return parsed.isValid() && parsed.format(VALUE_FORMAT[kind]) === text ? parsed : null;
}

/** A picked day.js value as the form's text ('' when cleared). */
export function formValue(value: Dayjs | null | undefined, kind: DateTimeKind): string {
  return value && value.isValid() ? value.format(VALUE_FORMAT[kind]) : '';
}

/**
 * The calendar's month and year buttons are named by what they show: antd's "Choose a month" label
 * would hide the month they read (WCAG 2.5.3, axe's label-content-name-mismatch). An empty label
 * leaves the name to the text.
 */
const NAMED_BY_TEXT = { lang: { monthSelect: '', yearSelect: '', decadeSelect: '' } } as const;

/** The days of the next and previous month in the calendar: grey, yet readable (4.5:1 on white). */
const READABLE_OTHER_DAYS = { components: { DatePicker: { colorTextDisabled: '#737373' } } };

let germanLoaded = false;

/**
 * The time panel's hour and minute columns scroll, but antd leaves them out of the tab order, so a
 * keyboard user could not reach them (axe: scrollable-region-focusable): each column takes focus and
 * then scrolls with the arrow keys.
 */
function focusableTimeColumns(panel: HTMLDivElement | null): void {
  panel?.querySelectorAll<HTMLElement>('ul[data-type]').forEach((column) => {
    column.tabIndex = 0;
  });
}

function withFocusableTimeColumns(panel: ReactNode): ReactNode {
  return <div ref={focusableTimeColumns}>{panel}</div>;
}

/**
 * day.js speaks German (month and day names, Monday first) once its locale has loaded: loaded only
 * when the interface is German, so English users never download it; the field renders again then.
 */
function useDayjsLocale(language: string): void {
  const german = language.startsWith('de');
  const [, setReady] = useState(germanLoaded);
  useEffect(() => {
    if (!german || germanLoaded) return undefined;
    let current = true;
    void import('dayjs/locale/de').then(() => {
      germanLoaded = true;
      if (current) setReady(true);
    });
    return () => {
      current = false;
    };
  }, [german]);
}

/** A form text as the field shows it in the interface language (the text itself when it is not of that kind). */
export function useFormDateText(): (value: string, kind: DateTimeKind) => string {
  const { t, i18n } = useTranslation(SHARED_NAMESPACE, { keyPrefix: 'fields' });
  useDayjsLocale(i18n.language);
  return (value, kind) => pickerValue(value, kind)?.format(t(`formats.${kind}`)) ?? value;
}

export interface DateTimeFieldProps {
  kind: DateTimeKind;
  /** Given by Form.Item. */
  value?: string | null;
  onChange?(value: string): void;
  id?: string;
  disabled?: boolean;
  /** The earliest and latest day the calendar offers (the form's text of a date; '' or absent for none). */
  min?: string;
  max?: string;
  'data-testid'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** The calendar's days outside [min, max] (form texts; a bound that is not a day is no bound). */
function outsideBounds(min: string | undefined, max: string | undefined): ((day: Dayjs) => boolean) | undefined {
  const from = pickerValue(min, 'date');
  const to = pickerValue(max, 'date');
  if (!from && !to) return undefined;
  return (day) => Boolean((from && day.isBefore(from, 'day')) || (to && day.isAfter(to, 'day')));
}

export function DateTimeField({ kind, value, onChange, min, max, ...rest }: DateTimeFieldProps) {
  const { t, i18n } = useTranslation(SHARED_NAMESPACE, { keyPrefix: 'fields' });
  useDayjsLocale(i18n.language);
  const format = t(`formats.${kind}`);
  const common = {
    ...rest,
    value: pickerValue(value, kind),
    format,
    placeholder: t(`formats.${kind}Placeholder`),
    style: { width: '100%' },
    onChange: (picked: Dayjs | null) => onChange?.(formValue(picked, kind)),
    panelRender: withFocusableTimeColumns,
  };
  if (kind === 'time') return <TimePicker {...common} needConfirm={false} />;
  return (
    <ConfigProvider theme={READABLE_OTHER_DAYS}>
      <DatePicker
        {...common}
        // antd merges this over its locale of the interface language (the ConfigProvider's).
        locale={NAMED_BY_TEXT as unknown as DatePickerLocale}
        showTime={kind === 'dateTime' ? { format: t('formats.time') } : false}
        disabledDate={outsideBounds(min, max)}
        status={rest['aria-invalid'] ? 'error' : undefined}
        needConfirm={false}
      />
    </ConfigProvider>
  );
}
