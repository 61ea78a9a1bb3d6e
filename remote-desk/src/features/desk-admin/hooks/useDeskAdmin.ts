import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Desk } from 'contracts/schemas/desks';
import { errorText, isApiError, toast } from 'shared';
import { createDesk, fetchAllDesks, updateDesk } from '../api/deskAdminApi';
import { NS } from '../i18n';
import { createBody, draftOf, draftProblem, updateBody, type DeskDraft } from '../model/deskDraft';

/** The management screen's state: the desks, the one being edited (or a new one) and its save. */
export function useDeskAdmin(initial: Desk[]) {
  const { t } = useTranslation(NS);
  const [desks, setDesks] = useState(initial);
  const [draft, setDraft] = useState<DeskDraft>(() => draftOf(initial[0] ?? null));
  const [saving, setSaving] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const choose = useCallback((id: number | null) => setDraft(draftOf(desks.find((desk) => desk.id === id) ?? null)), [desks]);

  const save = useCallback(async () => {
    const problem = draftProblem(draft);
    if (problem) {
      toast.error(t(`admin.problem.${problem}`));
      return;
    }
    setSaving(true);
    try {
      const saved = draft.id === null ? await createDesk(createBody(draft)) : await updateDesk(draft.id, updateBody(draft));
      const fresh = await fetchAllDesks();
      setDesks(fresh);
      setDraft(draftOf(saved));
      toast.success(t('admin.saved', { name: saved.name }));
    } catch (error) {
      toast.error(errorText(error));
      // Someone else saved it meanwhile: theirs is shown (saving over it would undo what this user has not seen).
      if (isApiError(error) && error.status === 409 && draft.id !== null) {
        const fresh = await fetchAllDesks();
        setDesks(fresh);
        setDraft(draftOf(fresh.find((desk) => desk.id === draft.id) ?? null));
      }
    } finally {
      setSaving(false);
    }
  }, [draft, t]);

  return { desks, draft, setDraft, choose, save, saving, announcement, announce: setAnnouncement };
}
