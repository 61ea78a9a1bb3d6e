import Alert from 'antd/es/alert';
import { useTranslation } from 'react-i18next';
import { recordedErrorText } from 'shared';
import { NS } from '../i18n';
import type { RunResult } from '../model/run';

/** How many failed items are listed one by one (the rest are counted). */
const LISTED = 20;

/** The items a run could not import, each with its importer, its place in the feed and why. */
export function RunFailures({ result }: { result: RunResult }) {
  const { t } = useTranslation(NS);
  if (result.failures.length === 0) return null;
  const titles = new Map(result.importers.map((importer) => [importer.id, importer.title]));
  const listed = result.failures.slice(0, LISTED);
  const more = result.failures.length - listed.length;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="run-failures"
      title={t('run.itemFailures', { count: result.failures.length })}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {listed.map((failure) => (
            <li key={`${failure.importer_id}-${failure.position}`}>
              {t('run.itemFailure', {
                title: titles.get(failure.importer_id) ?? '',
                position: failure.position,
                error: recordedErrorText(failure),
              })}
            </li>
          ))}
          {more > 0 && <li>{t('run.moreFailures', { count: more })}</li>}
        </ul>
      }
    />
  );
}
