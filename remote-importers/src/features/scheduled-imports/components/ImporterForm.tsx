import AutoComplete from 'antd/es/auto-complete';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { apiErrorText, isApiError, isApiErrorCode, staleVersionCurrent, toast } from 'shared';
import { AuthorsField, CountryStateSelects, ImageUploadButton, TagsField, TopicsField } from 'shared/fields';
import { StaleVersionAlert } from 'shared/ui/StaleVersionAlert';
import { saveImporter, searchPlaces } from '../api/importersApi';
import type { ImporterEditorData } from '../api/loaders';
import { NS } from '../i18n';
import type { Importer } from '../model/importer';
import {
  applyPlace,
  keepMainCategory,
  mainChoicesOf,
  MAX_LENGTHS,
  toFormValues,
  toPayload,
  validateForm,
  visibleFields,
  type ImageRef,
  type ImporterFormValues,
  type Place,
} from '../model/form';
import { serverFieldError, type FieldError } from '../model/fieldErrors';
import { OPTION_GROUPS, type OptionGroup } from '../model/options';
import type { ImportListIntent } from '../model/run';

export const LIST_PATH = '/import';
const PLACES_MIN_CHARS = 3;

type Field = keyof ImporterFormValues;

/** Spec "Scheduled import edit form": every field, option and default; Save only when valid. */
export function ImporterForm({ data }: { data: ImporterEditorData }) {
  const { t } = useTranslation(NS, { keyPrefix: 'editor' });
  const { t: tRoot } = useTranslation(NS);
  const navigate = useNavigate();
  const [form] = Form.useForm<ImporterFormValues>();
  const initial = useMemo(() => toFormValues(data.importer), [data.importer]);
  // Only the choices that show or hide fields are watched: typing elsewhere re-renders nothing here.
  const values = {
    sourceDomain: (Form.useWatch('sourceDomain', { form, preserve: true }) as string | undefined) ?? initial.sourceDomain,
    tinyURL: (Form.useWatch('tinyURL', { form, preserve: true }) as string | undefined) ?? initial.tinyURL,
    imageSource: (Form.useWatch('imageSource', { form, preserve: true }) as string | undefined) ?? initial.imageSource,
    country: (Form.useWatch('country', { form, preserve: true }) as string | undefined) ?? initial.country,
  };
  const show = visibleFields(values);
  const { lookups } = data;
  const [mainChoices, setMainChoices] = useState(() => mainChoicesOf(lookups.topics, initial.topics));
  const [saving, setSaving] = useState(false);
  // A save refused as stale (409): the import as it is now; the user reloads it or overwrites it.
  const [conflict, setConflict] = useState<Importer | null>(null);

  // One rule per field from the pure validation, so the form and the save check can never disagree.
  const rule = (field: Field) => ({
    validator: async () => {
      const key = validateForm({ ...initial, ...form.getFieldsValue(true) })[field];
      if (key) throw new Error(t(`errors.${key}`, { limit: MAX_LENGTHS[field] }));
    },
  });
  const options = (group: OptionGroup) => OPTION_GROUPS[group].map((value) => ({ value, label: tRoot(`options.${group}.${value}`) }));
  // A lookup with texts of its own (lookups.plugins, lookups.contentTypes) shows them, else the API's title.
  const lookupOptions = (
    list: Array<{ id: string | number; title?: string; name?: string }>,
    placeholder: string,
    texts?: 'plugins' | 'contentTypes',
  ) => [
    { value: '', label: placeholder },
    ...list.map((item) => {
      const title = item.title ?? item.name ?? String(item.id);
      return { value: String(item.id), label: texts ? tRoot(`lookups.${texts}.${item.id}`, { defaultValue: title }) : title };
    }),
  ];

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
    setMainChoices(mainChoicesOf(lookups.topics, reloaded.topics));
    setConflict(null);
  };

  const overwrite = (current: Importer) => {
    form.setFieldsValue({ version: Number(current.version) || 0 });
    setConflict(null);
    void save();
  };

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
      toast.error(error instanceof Error ? error.message : String(error));
      return;
    }
    form.setFields([{ name: atField.field, errors: [fieldErrorText(atField)] }]);
    form.scrollToField(atField.field, { block: 'center', focus: true });
  };

  return (
    <Form<ImporterFormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={() => void save()}
      requiredMark
      data-testid="importer-form"
      name="importer"
    >
      <Form.Item name="id" hidden>
        <Input type="hidden" />
      </Form.Item>
      <Form.Item name="version" hidden>
        <Input type="hidden" />
      </Form.Item>
      <Flex vertical gap={16}>
        {conflict && (
          <StaleVersionAlert
            title={t('staleTitle')}
            help={t('staleHelp')}
            reloadLabel={t('staleReload')}
            overwriteLabel={t('staleOverwrite')}
            onReload={() => reload(conflict)}
            onOverwrite={() => overwrite(conflict)}
          />
        )}
        <Card size="small" title={t('sections.feed')}>
          <Form.Item name="title" label={t('fields.title')} required rules={[rule('title')]}>
            <Input maxLength={MAX_LENGTHS.title} />
          </Form.Item>
          <Form.Item name="feed_url" label={t('fields.feed_url')} required rules={[rule('feed_url')]}>
            <Input type="url" maxLength={MAX_LENGTHS.feed_url} />
          </Form.Item>
          <Form.Item name="plugin" label={t('fields.plugin')} required rules={[rule('plugin')]}>
            <Select options={lookupOptions(lookups.plugins, t('placeholders.plugin'), 'plugins')} />
          </Form.Item>
          <Flex gap={24} wrap>
            <Form.Item name="schedule" label={t('fields.schedule')} style={{ minWidth: 200 }}>
              <Select options={options('schedule')} />
            </Form.Item>
            <Form.Item name="enabled" label={t('fields.enabled')}>
              <Radio.Group options={options('enabled')} />
            </Form.Item>
          </Flex>
        </Card>

        <Card size="small" title={t('sections.defaults')}>
          <Flex gap={16} wrap>
            <Form.Item name="published" label={t('fields.published')} style={{ minWidth: 220 }}>
              <Select options={options('published')} />
            </Form.Item>
            <Form.Item name="date" label={t('fields.date')} style={{ minWidth: 220 }}>
              <Select options={options('date')} />
            </Form.Item>
            <Form.Item name="contentType" label={t('fields.contentType')} required rules={[rule('contentType')]} style={{ minWidth: 220 }}>
              <Select options={lookupOptions(lookups.contentTypes, t('placeholders.contentType'), 'contentTypes')} />
            </Form.Item>
            <Form.Item name="user" label={t('fields.user')} required rules={[rule('user')]} style={{ minWidth: 220 }}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={lookupOptions(lookups.users, t('placeholders.user'))} />
            </Form.Item>
          </Flex>
          <Flex gap={16} wrap>
            {(['use_source_link', 'videos_at_source', 'references_at_source'] as const).map((field) => (
              <Form.Item key={field} name={field} valuePropName="checked">
                <Checkbox>{t(`fields.${field}`)}</Checkbox>
              </Form.Item>
            ))}
          </Flex>
          <Flex gap={16} wrap>
            <Form.Item name="sourceDomain" label={t('fields.sourceDomain')} style={{ minWidth: 220 }}>
              <Select options={options('sourceDomain')} />
            </Form.Item>
            {show.sourceDomainCustom && (
              <Form.Item
                name="sourceDomainCustom"
                label={t('fields.sourceDomainCustom')}
                required
                rules={[rule('sourceDomainCustom')]}
                style={{ minWidth: 260 }}
              >
                <Input maxLength={MAX_LENGTHS.sourceDomainCustom} />
              </Form.Item>
            )}
            <Form.Item name="dateFirstPublished" label={t('fields.dateFirstPublished')} style={{ minWidth: 220 }}>
              <Select options={options('dateFirstPublished')} />
            </Form.Item>
            <Form.Item name="tinyURL" label={t('fields.tinyURL')} style={{ minWidth: 260 }}>
              <Select options={options('tinyURL')} />
            </Form.Item>
            {show.tinyURLCustom && (
              <Form.Item
                name="tinyURLCustom"
                label={t('fields.tinyURLCustom')}
                required
                rules={[rule('tinyURLCustom')]}
                style={{ minWidth: 300 }}
              >
                <Input type="url" maxLength={MAX_LENGTHS.tinyURLCustom} />
              </Form.Item>
            )}
          </Flex>
          <Form.Item name="tags" label={t('fields.tags')}>
            <TagsField />
          </Form.Item>
          <Form.Item name="imageSource" label={t('fields.imageSource')} style={{ maxWidth: 360 }}>
            <Select options={options('imageSource')} />
          </Form.Item>
          {show.image && (
            <Flex gap={16} wrap align="flex-start">
              <Form.Item name="image" label={t('fields.image')} rules={[rule('image')]}>
                <ImageField />
              </Form.Item>
              <Form.Item
                name="imageCaption"
                label={t('fields.imageCaption')}
                rules={[rule('imageCaption')]}
                style={{ flex: 1, minWidth: 260 }}
              >
                <Input.TextArea rows={2} maxLength={MAX_LENGTHS.imageCaption} />
              </Form.Item>
            </Flex>
          )}
          <LocationFields form={form} countries={lookups.countries} rule={rule} />
          <Form.Item name="authors" label={t('fields.authors')}>
            <AuthorsField />
          </Form.Item>
          <Flex gap={24} wrap align="flex-start">
            <Form.Item
              name="mainCategory"
              label={t('fields.mainCategory')}
              required
              rules={[rule('mainCategory')]}
              dependencies={['topics']}
              style={{ minWidth: 240 }}
            >
              <Select
                aria-label={t('fields.mainCategory')}
                options={[
                  { value: '', label: t('placeholders.mainCategory') },
                  ...mainChoices.map((choice) => ({ value: String(choice.id), label: choice.title })),
                ]}
              />
            </Form.Item>
            <Form.Item name="topics" label={t('fields.topics')} style={{ flex: 1, minWidth: 320 }}>
              <TopicsField
                tree={lookups.topics}
                onMainChoices={(choices) => {
                  setMainChoices(choices);
                  const kept = keepMainCategory(form.getFieldValue('mainCategory') as string, choices);
                  if (kept !== form.getFieldValue('mainCategory')) form.setFieldValue('mainCategory', kept);
                  if (form.isFieldTouched('mainCategory')) void form.validateFields(['mainCategory']).catch(() => undefined);
                }}
              />
            </Form.Item>
          </Flex>
        </Card>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('save')}
          </Button>
          <Button disabled={saving} onClick={() => void save('simulate')}>
            {t('saveAndSimulate')}
          </Button>
          <Button onClick={() => navigate(LIST_PATH)}>{t('cancel')}</Button>
        </Flex>
      </Flex>
    </Form>
  );
}

interface FieldProps<T> {
  value?: T;
  onChange?: (value: T) => void;
  id?: string;
}

/** One image (POST /api/image, one file at a time), sent with the caption typed beside it. */
function ImageField({ value, onChange }: FieldProps<ImageRef | null>) {
  const { t } = useTranslation(NS, { keyPrefix: 'editor' });
  const form = Form.useFormInstance<ImporterFormValues>();
  return (
    <Flex gap={8} align="center">
      {value && (
        <Flex vertical gap={4} align="center">
          <img src={value.file_thumbnail} alt={t('fields.image')} style={{ maxHeight: 80, maxWidth: 140, objectFit: 'contain' }} />
          <Button size="small" onClick={() => onChange?.(null)}>
            {t('remove', { name: t('fields.image') })}
          </Button>
        </Flex>
      )}
      <ImageUploadButton
        caption={() => String(form.getFieldValue('imageCaption') ?? '')}
        onUploaded={(image) => onChange?.({ id: image.id, file_thumbnail: image.file_thumbnail, url: image.url })}
        label={t('upload')}
      />
    </Flex>
  );
}

/** Country, State/Region (loaded after a country), suburb autocomplete (fills lat/lng/postcode), postcode. */
function LocationFields({
  form,
  countries,
  rule,
}: {
  form: ReturnType<typeof Form.useForm<ImporterFormValues>>[0];
  /** The field's rule from the form's pure validation. */
  rule(field: Field): { validator(): Promise<void> };
  countries: ImporterEditorData['lookups']['countries'];
}) {
  const { t } = useTranslation(NS, { keyPrefix: 'editor' });
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
              if (place) form.setFieldsValue(applyPlace(place));
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
