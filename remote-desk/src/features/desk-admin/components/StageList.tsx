import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import RIGHT_LABELS from 'contracts/errors/api-error-labels.json';
import { RIGHTS, type Right } from 'contracts/rules/rights';
import { NS } from '../i18n';
import { moveStage, removeStage, updateStage, type StageDraft } from '../model/deskDraft';

interface Props {
  stages: StageDraft[];
  onChange: (stages: StageDraft[]) => void;
  /** Says a move aloud (the form's live region). */
  announce: (text: string) => void;
}

const STAGE_DRAG_TYPE = 'application/x-newsdesk-stage';

/** A desk's stages in board order: renamed, given a leave right, reordered by drag or by Alt+arrow keys on the handle. */
export function StageList({ stages, onChange, announce }: Props) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.language.startsWith('de') ? 'de' : 'en';
  const [dragged, setDragged] = useState<number | null>(null);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= stages.length) return;
    onChange(moveStage(stages, from, to));
    announce(t('admin.stageMoved', { name: stages[from]?.name ?? '', position: to + 1, count: stages.length }));
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, index + (event.key === 'ArrowUp' ? -1 : 1));
  };
  return (
    <ol className="nd-desk-stage-list" aria-label={t('admin.stages')}>
      {stages.map((stage, index) => (
        <li
          key={stage.key}
          className="nd-desk-stage-row"
          data-testid={`stage-row-${index}`}
          onDragOver={(event) => {
            if (event.dataTransfer.types.includes(STAGE_DRAG_TYPE)) event.preventDefault();
          }}
          onDrop={(event) => {
            event.preventDefault();
            if (dragged !== null) move(dragged, index);
            setDragged(null);
          }}
        >
          <button
            type="button"
            className="nd-desk-stage-handle"
            draggable
            aria-label={t('admin.stageHandle', { name: stage.name || t('admin.unnamed'), position: index + 1, count: stages.length })}
            aria-describedby="nd-desk-stage-help"
            onKeyDown={onKeyDown(index)}
            onDragStart={(event) => {
              event.dataTransfer.setData(STAGE_DRAG_TYPE, String(index));
              setDragged(index);
            }}
          >
            ⠿
          </button>
          <label>
            <span className="nd-desk-visually-hidden">{t('admin.stageName', { position: index + 1 })}</span>
            <input
              value={stage.name}
              maxLength={60}
              onChange={(event) => onChange(updateStage(stages, stage.key, { name: event.target.value }))}
            />
          </label>
          <label>
            {t('admin.leaveRight')}{' '}
            <select
              value={stage.leave_right ?? ''}
              onChange={(event) => onChange(updateStage(stages, stage.key, { leave_right: (event.target.value || null) as Right | null }))}
            >
              <option value="">{t('admin.anyone')}</option>
              {RIGHTS.map((right) => (
                <option key={right} value={right}>
                  {RIGHT_LABELS.right[right][language]}
                </option>
              ))}
            </select>
          </label>
          <button type="button" onClick={() => onChange(removeStage(stages, stage.key))}>
            {t('admin.removeStage', { name: stage.name || t('admin.unnamed') })}
          </button>
        </li>
      ))}
    </ol>
  );
}
