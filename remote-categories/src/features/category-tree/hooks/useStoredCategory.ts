// An edit starts from the stored category and keeps its version: a save made after someone else's is
// refused (409) with theirs, and the user chooses to reload it or to overwrite it.
import type { FormInstance } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { errorMessage, toast } from 'shared';
import { fetchCategory, type CategoryRecord } from '../api/categoriesApi';

export interface StoredCategory {
  /** The version the next save is made from (undefined for a new category). */
  version: number | undefined;
  setVersion(version: number): void;
  /** False until the stored category has filled the form (always true for a new one). */
  loaded: boolean;
}

/** Loads the category `editingId` (undefined: a new one) into the form through `fill`. */
export function useStoredCategory<Values>(
  editingId: number | undefined,
  form: FormInstance<Values>,
  fill: (record: CategoryRecord) => Values,
): StoredCategory {
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [loaded, setLoaded] = useState(editingId === undefined);
  useEffect(() => {
    if (editingId === undefined) return undefined;
    let active = true;
    fetchCategory(editingId).then(
      (record) => {
        if (!active) return;
        form.setFieldsValue(fill(record) as Parameters<FormInstance<Values>['setFieldsValue']>[0]);
        setVersion(record.version);
        setLoaded(true);
      },
      (error: unknown) => {
        if (!active) return;
        toast.error(errorMessage(error));
        setLoaded(true);
      },
    );
    return () => {
      active = false;
    };
    // `fill` is a pure mapping: a new function each render must not load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editingId, form]);
  return { version, setVersion, loaded };
}
