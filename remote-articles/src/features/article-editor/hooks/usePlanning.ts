// The Planning panel's state: the story's planning loaded once the article is stored, the values
// being edited, and the save (a stale one is said and the planning read again).
import { useCallback, useEffect, useState } from 'react';
import type { Planning } from 'contracts/schemas/desks';
import { errorMessage, isApiError, toast } from 'shared';
import { fetchAssignable, fetchPlanning, savePlanning } from '../api/planningApi';
import { planningBody, planningValues, type PlanningValues } from '../model/planning';

export interface PlanningState {
  planning: Planning | null;
  values: PlanningValues | null;
  people: Array<{ id: number; name: string }>;
  failed: string | null;
  saving: boolean;
  change(patch: Partial<PlanningValues>): void;
  save(savedText: string): Promise<void>;
}

export function usePlanning(articleId: number): PlanningState {
  const [planning, setPlanning] = useState<Planning | null>(null);
  const [values, setValues] = useState<PlanningValues | null>(null);
  const [people, setPeople] = useState<Array<{ id: number; name: string }>>([]);
  const [failed, setFailed] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const show = useCallback((next: Planning) => {
    setPlanning(next);
    setValues(planningValues(next));
  }, []);

  useEffect(() => {
    if (articleId <= 0) return undefined;
    const controller = new AbortController();
    Promise.all([fetchPlanning(articleId, controller.signal), fetchAssignable(controller.signal).catch(() => [])])
      .then(([loaded, users]) => {
        show(loaded);
        setPeople(users.map(({ id, name }) => ({ id, name })));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailed(errorMessage(error));
      });
    return () => controller.abort();
  }, [articleId, show]);

  const change = useCallback((patch: Partial<PlanningValues>) => setValues((now) => (now ? { ...now, ...patch } : now)), []);

  const save = useCallback(
    async (savedText: string) => {
      if (!planning || !values) return;
      setSaving(true);
      try {
        show(await savePlanning(articleId, planningBody(values, planning.planning_version)));
        toast.success(savedText);
      } catch (error) {
        toast.error(errorMessage(error));
        // Someone else re-planned it: theirs is shown (the user's edits would overwrite what they have not seen).
        if (isApiError(error) && error.status === 409) show(await fetchPlanning(articleId));
      } finally {
        setSaving(false);
      }
    },
    [articleId, planning, values, show],
  );

  return { planning, values, people, failed, saving, change, save };
}
