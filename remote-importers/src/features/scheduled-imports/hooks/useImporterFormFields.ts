import type { FormInstance } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { MAX_LENGTHS, validateForm, type ImporterFormValues } from '../model/form';
import { OPTION_GROUPS, type OptionGroup } from '../model/options';

export type Field = keyof ImporterFormValues;

/** A field's rule, from the form's pure validation. */
export type FieldRule = (field: Field) => { validator(): Promise<void> };

/** One rule per field from the pure validation, so the form and the save check can never disagree. */
export function useFieldRule(form: FormInstance<ImporterFormValues>, initial: ImporterFormValues): FieldRule {
  const { t } = useTranslation(NS, { keyPrefix: 'editor' });
  return (field) => ({
    validator: async () => {
      const key = validateForm({ ...initial, ...form.getFieldsValue(true) })[field];
      if (key) throw new Error(t(`errors.${key}`, { limit: MAX_LENGTHS[field] }));
    },
  });
}

type Lookup = Array<{ id: string | number; title?: string; name?: string }>;

/** The options of a choice field, and of a lookup list (placeholder first) in the interface language. */
export function useImporterOptions() {
  const { t: tRoot } = useTranslation(NS);
  const options = (group: OptionGroup) => OPTION_GROUPS[group].map((value) => ({ value, label: tRoot(`options.${group}.${value}`) }));
  // A lookup with texts of its own (lookups.plugins, lookups.contentTypes) shows them, else the API's title.
  const lookupOptions = (list: Lookup, placeholder: string, texts?: 'plugins' | 'contentTypes') => [
    { value: '', label: placeholder },
    ...list.map((item) => {
      const title = item.title ?? item.name ?? String(item.id);
      return { value: String(item.id), label: texts ? tRoot(`lookups.${texts}.${item.id}`, { defaultValue: title }) : title };
    }),
  ];
  return { options, lookupOptions };
}
