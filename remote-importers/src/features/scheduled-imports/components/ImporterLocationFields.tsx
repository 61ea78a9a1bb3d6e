import AutoComplete from 'antd/es/auto-complete';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountryStateSelects } from 'shared/fields';
import { searchPlaces } from '../api/importersApi';
import type { ImporterEditorData } from '../api/loaders';
import type { FieldRule } from '../hooks/useImporterFormFields';
import { NS } from '../i18n';
import { applyPlace, MAX_LENGTHS, type ImporterFormValues, type Place } from '../model/form';

const PLACES_MIN_CHARS = 3;

/** Country, State/Region (loaded after a country), suburb autocomplete (fills country, State/Region, lat/lng, postcode), postcode. */
export function ImporterLocationFields({
  countries,
  rule,
}: {
  /** The field's rule from the form's pure validation. */
  rule: FieldRule;
  countries: ImporterEditorData['lookups']['countries'];
}) {
  const { t } = useTranslation(NS, { keyPrefix: 'editor' });
  const form = Form.useFormInstance<ImporterFormValues>();
  const [places, setPlaces] = useState<Place[]>([]);
  const search = useRef(0);

  const onSearch = (term: string) => {
    const ticket = ++search.current;
    if (term.trim().length < PLACES_MIN_CHARS) {
      setPlaces([]);
      return;
    }
    searchPlaces(term.trim(), form.getFieldValue('country') as string).then(
      (list) => ticket === search.current && setPlaces(list),
      () => ticket === search.current && setPlaces([]),
    );
  };

  return (
    <Flex vertical>
      <Typography.Text strong style={{ marginBottom: 8 }}>
        {t('sections.location')}
      </Typography.Text>
      <Flex gap={16} wrap>
        <CountryStateSelects
          names={{ country: 'country', state: 'state' }}
          labels={{
            country: t('fields.country'),
            state: t('fields.state'),
            noCountry: t('placeholders.country'),
            noState: t('placeholders.state'),
          }}
          none="choice"
          countries={countries}
          itemStyle={{ minWidth: 220 }}
        />
        <Form.Item name="suburb" label={t('fields.suburb')} rules={[rule('suburb')]} style={{ minWidth: 260 }}>
          <AutoComplete
            placeholder={t('placeholders.suburb')}
            onSearch={onSearch}
            options={places.map((place, index) => ({ value: `${index}`, label: place.formatted ?? place.name }))}
            onSelect={(index: string) => {
              const place = places[Number(index)];
              if (place) form.setFieldsValue(applyPlace(place, form.getFieldsValue(['country', 'state', 'postcode'])));
            }}
          />
        </Form.Item>
        <Form.Item name="postcode" label={t('fields.postcode')} rules={[rule('postcode')]} style={{ width: 120 }}>
          <Input maxLength={MAX_LENGTHS.postcode} />
        </Form.Item>
        <Form.Item name="latitude" label={t('fields.latitude')} rules={[rule('latitude')]} style={{ width: 140 }}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="longitude" label={t('fields.longitude')} rules={[rule('longitude')]} style={{ width: 140 }}>
          <Input inputMode="decimal" />
        </Form.Item>
      </Flex>
    </Flex>
  );
}
