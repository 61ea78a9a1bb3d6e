// Location: a country, then its states (spec sections 2, 4 and 8), for the article editor and the
// importer form. The countries come once per form (its route loader, else one fetch here); a country
// change loads that country's states (useCountryStates) and empties the chosen state; a failing
// states call is ignored silently. Used inside an antd Form: the two selects are its Form.Items.
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectClear } from '../ui/useSelectClear';
import { countryOptions, fetchCountries, toast, type Country } from 'shared';
import { useCountryStates } from './useCountryStates';
import { errorMessage } from 'contracts/rules/error-message';

/**
 * How the form stores "none". `cleared`: the country '' (a clearable select) and the state null, state
 * ids as numbers (the article editor). `choice`: a first choice of each select, country '0' and state '',
 * state ids as text (an importer's Defaults).
 */
export type LocationNone = 'cleared' | 'choice';

export interface CountryStateSelectsProps {
  /** The form's field names of the country and the state. */
  names: { country: string; state: string };
  /** `noState`: the first choice of the state select (`choice` only). */
  labels: { country: string; state: string; noCountry: string; noState?: string };
  none: LocationNone;
  /** When already loaded (the form's route loader); else fetched here, once. */
  countries?: readonly Country[];
  disabled?: boolean;
  testIds?: { country: string; state: string };
  itemStyle?: CSSProperties;
}

const NO_COUNTRY: Record<LocationNone, string> = { cleared: '', choice: '0' };
const NO_STATE: Record<LocationNone, null | ''> = { cleared: null, choice: '' };

/** The countries given, or fetched once (an error is a toast). */
function useCountries(loaded: readonly Country[] | undefined): readonly Country[] {
  const [fetched, setFetched] = useState<Country[]>([]);
  useEffect(() => {
    if (loaded) return undefined;
    let active = true;
    fetchCountries().then(
      (list) => active && setFetched(Array.isArray(list) ? list : []),
      (error: unknown) => active && toast.error(errorMessage(error)),
    );
    return () => {
      active = false;
    };
  }, [loaded]);
  return loaded ?? fetched;
}

export function CountryStateSelects({
  names,
  labels,
  none,
  countries: loaded,
  disabled = false,
  testIds,
  itemStyle,
}: CountryStateSelectsProps) {
  const { i18n } = useTranslation();
  const clear = useSelectClear();
  const form = Form.useFormInstance();
  const chosen = Form.useWatch(names.country, { form, preserve: true }) as string | undefined;
  const country = chosen && chosen !== NO_COUNTRY[none] ? chosen : '';
  const states = useCountryStates(country);
  const countries = useCountries(loaded);
  const choice = none === 'choice';
  const countryChoices = countryOptions([...countries], i18n.language);
  const stateChoices = states.map((state) => ({
    value: choice ? String(state.state_id) : Number(state.state_id),
    label: state.state_name,
  }));

  return (
    <>
      <Form.Item name={names.country} label={labels.country} style={itemStyle}>
        <Select
          allowClear={choice ? false : clear}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={choice ? undefined : labels.noCountry}
          disabled={disabled}
          data-testid={testIds?.country}
          options={choice ? [{ value: NO_COUNTRY.choice, label: labels.noCountry }, ...countryChoices] : countryChoices}
          onChange={(next?: string) => {
            // Blank or another country: the chosen state no longer applies.
            form.setFieldsValue({ [names.country]: next ?? NO_COUNTRY[none], [names.state]: NO_STATE[none] });
          }}
        />
      </Form.Item>
      <Form.Item name={names.state} label={labels.state} style={itemStyle}>
        <Select
          allowClear={choice ? false : clear}
          showSearch={{ optionFilterProp: 'label' }}
          disabled={disabled || (choice ? states.length === 0 : !country)}
          data-testid={testIds?.state}
          options={choice ? [{ value: NO_STATE.choice, label: labels.noState ?? '' }, ...stateChoices] : stateChoices}
        />
      </Form.Item>
    </>
  );
}
