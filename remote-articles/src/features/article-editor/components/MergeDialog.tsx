// The fields a stale save could not merge by itself, side by side: the user's version and the one
// saved meanwhile, the words each has that the other lacks marked; per field keep mine, keep
// theirs or edit (text fields). Nothing is saved before every field has a choice.
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { diffText, FIELD_LABELS, type Language } from 'contracts/rules/revision-diff';
import type { MergeConflict } from 'contracts/rules/article-merge';
import { EDITOR_PREFIX, NS } from '../i18n';
import { labelField, readableText } from '../model/draftChanges';
import { displayFieldValue, type DisplayWords } from '../model/mergeDisplay';
import { MERGE_TEXT_FIELDS, type FormField } from '../model/mergeForm';
import type { EditorFormValues } from '../model/formMapping';
import type { PendingMerge } from '../hooks/useEditorSave';
import { DiffText } from './DiffText';
import { LazyRichTextEditor } from './LazyRichTextEditor';

type Choice = 'mine' | 'theirs' | 'edit';

export interface MergeDialogProps {
  merge: PendingMerge;
  onResolve(chosen: Partial<EditorFormValues>): void;
  onCancel(): void;
}

const isHtml = (field: FormField) => field === 'introtext' || field === 'text';

export function MergeDialog({ merge, onResolve, onCancel }: MergeDialogProps) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  const language: Language = i18n.language?.startsWith('de') ? 'de' : 'en';
  const { conflicts } = merge.result;
  const [choices, setChoices] = useState<Partial<Record<FormField, Choice>>>({});
  const [edits, setEdits] = useState<Partial<Record<FormField, string>>>({});
  const ready = conflicts.every((conflict) => choices[conflict.field] !== undefined);

  const resolve = () => {
    const chosen: Record<string, unknown> = {};
    for (const { field, mine, theirs } of conflicts) {
      const choice = choices[field];
      chosen[field] = choice === 'theirs' ? theirs : choice === 'edit' ? (edits[field] ?? mine) : mine;
    }
    onResolve(chosen as Partial<EditorFormValues>);
  };

  return (
    <Modal
      open
      width={960}
      title={t('merge.title')}
      onCancel={onCancel}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="end">
          <Button onClick={onCancel}>{t('merge.cancel')}</Button>
          <Button type="primary" disabled={!ready} onClick={resolve}>
            {t('merge.save')}
          </Button>
        </Flex>
      }
    >
      <div data-testid="merge-dialog">
        <Typography.Paragraph>{merge.name ? t('merge.introNamed', { name: merge.name }) : t('merge.intro')}</Typography.Paragraph>
        <Flex vertical gap={16}>
          {conflicts.map((conflict) => (
            <ConflictField
              key={conflict.field}
              conflict={conflict}
              label={FIELD_LABELS[labelField(conflict.field)][language]}
              choice={choices[conflict.field]}
              edit={edits[conflict.field] ?? String(conflict.mine ?? '')}
              onChoice={(choice) => setChoices((now) => ({ ...now, [conflict.field]: choice }))}
              onEdit={(value) => setEdits((now) => ({ ...now, [conflict.field]: value }))}
            />
          ))}
        </Flex>
      </div>
    </Modal>
  );
}

interface ConflictFieldProps {
  conflict: MergeConflict<FormField>;
  label: string;
  choice: Choice | undefined;
  edit: string;
  onChoice(choice: Choice): void;
  onEdit(value: string): void;
}

/** One clashing field: both versions side by side, the choice, and the editor when "Edit" is chosen. */
function ConflictField({ conflict, label, choice, edit, onChoice, onEdit }: ConflictFieldProps) {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  const { field } = conflict;
  const text = MERGE_TEXT_FIELDS.includes(field);
  const words: DisplayWords = { yes: t('merge.yes'), no: t('merge.no'), empty: t('merge.empty') };
  const parts = useMemo(
    () => (text ? diffText(readableText(field, conflict.theirs), readableText(field, conflict.mine)) : null),
    [text, field, conflict],
  );
  const headingId = `merge-field-${field}`;
  const side = (which: 'mine' | 'theirs') => (
    <div style={{ flex: 1, minWidth: 0 }} data-testid={`merge-${which}-${field}`}>
      <Typography.Text strong>{t(`merge.${which}`)}</Typography.Text>
      <div>
        {parts ? (
          <DiffText parts={parts} show={which === 'mine' ? 'added' : 'removed'} />
        ) : (
          displayFieldValue(field, conflict[which], words)
        )}
      </div>
    </div>
  );
  return (
    <section aria-labelledby={headingId} data-testid={`merge-field-${field}`}>
      <Typography.Title level={3} id={headingId} style={{ fontSize: 16 }}>
        {label}
      </Typography.Title>
      <Flex gap={16} wrap>
        {side('mine')}
        {side('theirs')}
      </Flex>
      <Radio.Group
        aria-label={t('merge.choice', { field: label })}
        value={choice}
        onChange={(event) => onChoice(event.target.value as Choice)}
        style={{ marginTop: 8 }}
        options={[
          { value: 'mine', label: t('merge.keepMine') },
          { value: 'theirs', label: t('merge.keepTheirs') },
          ...(text ? [{ value: 'edit', label: t('merge.edit') }] : []),
        ]}
      />
      {choice === 'edit' &&
        (isHtml(field) ? (
          <LazyRichTextEditor label={t('merge.editLabel', { field: label })} value={edit} onChange={onEdit} />
        ) : (
          <Input.TextArea
            aria-label={t('merge.editLabel', { field: label })}
            value={edit}
            onChange={(event) => onEdit(event.target.value)}
          />
        ))}
    </section>
  );
}
