import { useTranslation } from 'react-i18next';

/** A time as the user reads it: their language, short date and time. */
export function useFormatTime(): (iso: string | null | undefined) => string {
  const { i18n } = useTranslation();
  return (iso) => {
    if (!iso) return '';
    const date = new Date(iso);
    return Number.isNaN(date.getTime())
      ? iso
      : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(date);
  };
}
