// The pieces of an activity entry both views show: who, the record (linked), and its changes.
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { activityLink } from 'contracts/rules/activity';
import type { ActivityEntry } from '../api/activityApi';
import { ACTIVITY_PREFIX, NS } from '../i18n';
import { changeLines, detailLines } from '../model/describeEntry';

export function useActivityText() {
  return useTranslation(NS, { keyPrefix: ACTIVITY_PREFIX }).t as unknown as (key: string, options?: Record<string, unknown>) => string;
}

/** The user, "System" for the jobs, "Not signed in" for a refused sign-in. */
export function actorName(entry: ActivityEntry, t: ReturnType<typeof useActivityText>): string {
  if (entry.actor) return entry.actor.name;
  return entry.action === 'sign_in_refused' ? t('nobody') : t('system');
}

/** "Article #7: Harbour opens", linked to the article (category, importer) when it has a screen. */
export function EntryRecord({ entry }: { entry: ActivityEntry }) {
  const t = useActivityText();
  const entity = t(`entities.${entry.entity}`);
  if (entry.entity_id === null) return <span>{entity}</span>;
  const record = t('record', { entity, id: entry.entity_id });
  const text = entry.entity_label ? t('recordNamed', { entity, id: entry.entity_id, name: entry.entity_label }) : record;
  const to = activityLink(entry);
  return to ? (
    <Link to={to} data-testid="activity-link">
      {text}
    </Link>
  ) : (
    <span>{text}</span>
  );
}

/** Each changed field as "Field: before → after"; the details (a login name tried, a run's outcome) below. */
export function EntryChanges({ entry }: { entry: ActivityEntry }) {
  const t = useActivityText();
  const { i18n } = useTranslation();
  const lines = changeLines(entry.changes, t, i18n.language, entry.names ?? {});
  const details = detailLines(entry.details, t);
  // A new record has no "before": its values alone read best.
  const created = entry.action === 'create';
  if (lines.length === 0 && details.length === 0) return null;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="activity-changes">
      {lines.map((line) => (
        <li key={line.field} style={{ wordBreak: 'break-word' }}>
          <Typography.Text strong>{line.label}</Typography.Text>:{' '}
          {created ? (
            line.to
          ) : (
            <>
              <del style={{ color: '#8c1d18' }}>{line.from || t('none')}</del> →{' '}
              <ins style={{ textDecoration: 'none', color: '#1f6e2f' }}>{line.to || t('none')}</ins>
            </>
          )}
        </li>
      ))}
      {details.map((detail) => (
        <li key={detail}>{detail}</li>
      ))}
    </ul>
  );
}

/** A time in the user's language and time zone. */
export function formatWhen(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}
