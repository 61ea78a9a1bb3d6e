import type { FormInstance } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { apiErrorText, errorMessage, isApiError, isApiErrorCode, staleVersionCurrent, toast } from 'shared';
import { saveImporter } from '../api/importersApi';
import { NS } from '../i18n';
import { toFormValues, toPayload, validateForm, type ImporterFormValues } from '../model/form';
import { serverFieldError, type FieldError } from '../model/fieldErrors';
import type { Importer } from '../model/importer';
import type { ImportListIntent } from '../model/run';

export const LIST_PATH = '/import';

/**
 * The importer form's save: validate, send, open the list (and start a simulation there); a refused
 * save shows at its field, a stale one (409) offers the import as it is now to reload or overwrite.
 */
export function useImporterSave(
  form: FormInstance<ImporterFormValues>,
  initial: ImporterFormValues,
  onReloaded: (values: ImporterFormValues) => void,
) {
  const { t } = useTranslation(NS, { keyPrefix: 'editor' });
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  // A save refused as stale (409): the import as it is now; the user reloads it or overwrites it.
  const [conflict, setConflict] = useState<Importer | null>(null);

  /**
   * The form's own words for a field's error; else the catalogue text of the API's code with the
   * field named by its label here (the API names its request path: 'defaults.country').
   */
  const fieldErrorText = ({ key, field, code, params, message }: FieldError): string => {
    if (key) return t(`errors.${key}`, params);
    if (isApiErrorCode(code) && 'field' in params) return apiErrorText({ error: code, params: { ...params, field: t(`fields.${field}`) } });
    return message;
  };

  /** A refused save shows at the field it concerns (in the user's language); anything else as a toast. */
  const showSaveError = (error: unknown, current: ImporterFormValues) => {
    const atField = isApiError(error) ? serverFieldError(error, current) : null;
    if (!atField) {
      toast.error(errorMessage(error));
      return;
    }
    form.setFields([{ name: atField.field, errors: [fieldErrorText(atField)] }]);
    form.scrollToField(atField.field, { block: 'center', focus: true });
  };

  /** Saves, then opens the list; `simulate` also starts a simulated run of the saved import there. */
  const save = async (then: 'list' | 'simulate' = 'list') => {
    try {
      await form.validateFields({ recursive: true });
    } catch {
      return; // Spec section 5: an invalid form does nothing, with no message.
    }
    const current: ImporterFormValues = { ...initial, ...form.getFieldsValue(true) };
    if (Object.keys(validateForm(current)).length > 0) return;
    setSaving(true);
    try {
      const id = await saveImporter(toPayload(current));
      toast.success(t('saved'));
      const state: ImportListIntent | undefined = then === 'simulate' ? { simulate: { id, title: current.title } } : undefined;
      navigate(LIST_PATH, { state });
    } catch (error) {
      const stale = staleVersionCurrent<Importer & { version: number }>(error);
      setConflict(stale);
      if (!stale) showSaveError(error, current);
      setSaving(false);
    }
  };

  const reload = (current: Importer) => {
    const reloaded = toFormValues(current);
    form.setFieldsValue(reloaded);
    onReloaded(reloaded);
    setConflict(null);
  };

  const overwrite = (current: Importer) => {
    form.setFieldsValue({ version: Number(current.version) || 0 });
    setConflict(null);
    void save();
  };

  return { save, saving, conflict, reload, overwrite, cancel: () => navigate(LIST_PATH) };
}
