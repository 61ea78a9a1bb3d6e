import { useTranslation } from 'react-i18next';
import type { Creator } from 'contracts/schemas/importers';
import type { Desk } from 'contracts/schemas/desks';
import { NS } from '../i18n';
import { useDeskAdmin } from '../hooks/useDeskAdmin';
import { addStage } from '../model/deskDraft';
import { ensureAdminStyles } from './adminStyles';
import { StageList } from './StageList';

interface Props {
  desks: Desk[];
  people: Creator[];
}

/** Desk management (manage_desks): pick a desk or start a new one; its name, members and stages; save. */
export function DeskAdminView({ desks: initial, people }: Props) {
  ensureAdminStyles();
  const { t } = useTranslation(NS);
  const { desks, draft, setDraft, choose, save, saving, announcement, announce } = useDeskAdmin(initial);
  return (
    <div data-testid="desk-admin">
      <label className="nd-desk-admin-row">
        {t('admin.chooseDesk')}{' '}
        <select value={draft.id ?? ''} onChange={(event) => choose(event.target.value === '' ? null : Number(event.target.value))}>
          {desks.map((desk) => (
            <option key={desk.id} value={desk.id}>
              {desk.name}
            </option>
          ))}
          <option value="">{t('admin.newDesk')}</option>
        </select>
      </label>
      <form
        className="nd-desk-admin-form"
        aria-label={draft.id === null ? t('admin.newDesk') : t('admin.editDesk', { name: draft.name })}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label className="nd-desk-admin-row">
          {t('admin.name')}{' '}
          <input value={draft.name} maxLength={80} required onChange={(event) => setDraft({ ...draft, name: event.target.value })} />
        </label>
        <fieldset className="nd-desk-admin-fieldset">
          <legend>{t('admin.members')}</legend>
          {people.map((person) => (
            <label key={person.id} className="nd-desk-admin-member">
              <input
                type="checkbox"
                checked={draft.members.includes(person.id)}
                onChange={(event) =>
                  setDraft({
                    ...draft,
                    members: event.target.checked ? [...draft.members, person.id] : draft.members.filter((id) => id !== person.id),
                  })
                }
              />{' '}
              {person.name}
            </label>
          ))}
        </fieldset>
        <fieldset className="nd-desk-admin-fieldset">
          <legend>{t('admin.stages')}</legend>
          <p id="nd-desk-stage-help">{t('admin.stageHelp')}</p>
          <StageList stages={draft.stages} onChange={(stages) => setDraft({ ...draft, stages })} announce={announce} />
          <button type="button" onClick={() => setDraft({ ...draft, stages: addStage(draft.stages) })}>
            {t('admin.addStage')}
          </button>
        </fieldset>
        <button type="submit" className="nd-desk-admin-save" disabled={saving}>
          {t('admin.save')}
        </button>
      </form>
      <div aria-live="polite" role="status" className="nd-desk-visually-hidden" data-testid="desk-admin-announcement">
        {announcement}
      </div>
    </div>
  );
}
