// The editor's Planning panel: who the story is assigned to, its deadline, its planned slot (when it
// is meant to run: planning only, apart from Start publishing) and its target length, saved on their
// own (their own version) so that planning never touches the article's save or its lock.
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import ConfigProvider from 'antd/es/config-provider';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TARGET_WORDS_MAX } from 'contracts/rules/planning';
import { usePlanning } from '../hooks/usePlanning';
import { EDITOR_PREFIX, NS } from '../i18n';
import { DateTimeField } from 'shared/fields';

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="nd-planning-field" style={{ marginBottom: 12 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** The panel of a stored article (a new one is planned once saved). */
export function PlanningPanel({ articleId }: { articleId: number }) {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  if (articleId <= 0) return <p>{t('planning.saveFirst')}</p>;
  return <StoredPlanning articleId={articleId} />;
}

function StoredPlanning({ articleId }: { articleId: number }) {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  const { planning, values, people, failed, saving, change, save } = usePlanning(articleId);
  if (failed) return <Alert type="error" showIcon title={t('planning.loadFailed', { message: failed })} />;
  if (!planning || !values) return <p>{t('planning.loading')}</p>;
  // Shown by the panel's own right (may_plan), not the editor's lock: a desk may plan a story someone is writing.
  return (
    <ConfigProvider componentDisabled={!planning.may_plan || saving}>
      <div data-testid="planning-panel">
        {planning.overdue ? <Alert type="warning" showIcon title={t('planning.overdue')} style={{ marginBottom: 12 }} /> : null}
        {!planning.may_plan ? <p>{t('planning.readOnly')}</p> : null}
        <Field id="planning-assignees" label={t('planning.assignees')}>
          <Select
            id="planning-assignees"
            mode="multiple"
            style={{ width: '100%' }}
            value={values.assignees}
            options={mergedPeople(people, planning.assignees).map((user) => ({ value: user.id, label: user.name }))}
            optionFilterProp="label"
            onChange={(assignees: number[]) => change({ assignees })}
          />
        </Field>
        <Field id="planning-deadline" label={t('planning.deadline')}>
          <DateTimeField
            id="planning-deadline"
            data-testid="planning-deadline"
            kind="dateTime"
            value={values.deadline}
            onChange={(deadline) => change({ deadline })}
          />
        </Field>
        <Field id="planning-slot" label={t('planning.plannedSlot')}>
          <DateTimeField
            id="planning-slot"
            kind="dateTime"
            value={values.plannedSlot}
            onChange={(plannedSlot) => change({ plannedSlot })}
          />
        </Field>
        <Field id="planning-target" label={t('planning.targetWords')}>
          <InputNumber
            id="planning-target"
            min={1}
            max={TARGET_WORDS_MAX}
            precision={0}
            style={{ width: '100%' }}
            value={values.targetWords}
            onChange={(targetWords) => change({ targetWords: typeof targetWords === 'number' ? targetWords : null })}
          />
        </Field>
        <Button data-testid="planning-save" loading={saving} onClick={() => void save(t('planning.saved'))}>
          {t('planning.save')}
        </Button>
      </div>
    </ConfigProvider>
  );
}

/** The choices: the writers, and whoever is assigned already (someone who is not a writer stays listed). */
function mergedPeople(people: ReadonlyArray<{ id: number; name: string }>, assigned: ReadonlyArray<{ id: number; name: string }>) {
  const byId = new Map(people.map((user) => [user.id, user]));
  for (const user of assigned) if (!byId.has(user.id)) byId.set(user.id, user);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}
