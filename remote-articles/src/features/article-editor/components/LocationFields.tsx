// Location: a country, then its states. A blank country empties the states; a country change
// loads its states; a failing states call is ignored silently (spec sections 4 and 8).
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions, fetchCountries, toast } from 'shared';
import { useCountryStates } from 'shared/fields';
import { EDITOR_PREFIX, NS } from '../i18n';
import type { Country } from '../model/types';

/** `countries`: when already loaded (the portal's route loader); else fetched here. */
export function LocationFields({ disabled = false, countries: loaded }: { disabled?: boolean; countries?: Country[] }) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: `${EDITOR_PREFIX}.fields` });
  const form = Form.useFormInstance();
  const countryCode = Form.useWatch('country_code', form) as string | undefined;
  const [fetched, setCountries] = useState<Country[]>([]);
  const countries = loaded ?? fetched;
  const states = useCountryStates(countryCode);

  useEffect(() => {
    if (loaded) return undefined;
    let active = true;
    fetchCountries().then(
      (list) => active && setCountries(Array.isArray(list) ? list : []),
      (error: unknown) => active && toast.error(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      active = false;
    };
  }, [loaded]);

  return (
    <>
      <Form.Item name="country_code" label={t('country')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('noCountry')}
          disabled={disabled}
          data-testid="editor-country"
          options={countryOptions(countries, i18n.language)}
          onChange={(code?: string) => {
            // Blank or another country: the chosen state no longer applies.
            form.setFieldsValue({ country_code: code ?? '', state_id: null });
          }}
        />
      </Form.Item>
      <Form.Item name="state_id" label={t('state')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          disabled={disabled || !countryCode}
          data-testid="editor-state"
          options={states.map((state) => ({ value: Number(state.state_id), label: state.state_name }))}
        />
      </Form.Item>
    </>
  );
}
