// The editor's panels of chosen things: images (and which is the main one), categories (topics and
// the main category among them), tags and authors, ads and videos, the location, and the preview.
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { CountryStateSelects, TagsField, TopicsField } from 'shared/fields';
import { useSelectClear } from 'shared/ui/useSelectClear';
import { EDITOR_PREFIX, NS } from '../i18n';
import type { EditorFormValues } from '../model/formMapping';
import type { CategoryNode, Country } from '../model/types';
import { AdsField, VideosField } from './AdsVideosFields';
import { ArticlePreview } from './ArticlePreview';
import { AuthorsField } from './AuthorsField';
import { ImagesField } from './ImagesField';

/** The form's location fields (its values: country_code '' for none, state_id a number or null). */
const LOCATION_FIELDS = { country: 'country_code', state: 'state_id' };

function useFieldText() {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  return { t, field: (key: string) => t(`fields.${key}`) };
}

export function ImagesPanel({ disabled, onMainImageChange }: { disabled: boolean; onMainImageChange(id: number | null): void }) {
  const form = Form.useFormInstance<EditorFormValues>();
  const mainImage = Form.useWatch('main_image', { form, preserve: true }) as number | null | undefined;
  return (
    <Form.Item name="images">
      <ImagesField mainImage={mainImage ?? null} onMainImageChange={onMainImageChange} disabled={disabled} />
    </Form.Item>
  );
}

export interface CategoriesPanelProps {
  tree: CategoryNode[];
  /** The main category's choices: the selected topics' (contracts/rules/categories). */
  choices: ReadonlyArray<{ id: number; title: string }>;
  disabled: boolean;
}

export function CategoriesPanel({ tree, choices, disabled }: CategoriesPanelProps) {
  const { t, field } = useFieldText();
  const clear = useSelectClear();
  return (
    <>
      <Form.Item name="topics">
        <TopicsField tree={tree} disabled={disabled} />
      </Form.Item>
      <Form.Item
        name="main_category_id"
        label={field('mainCategory')}
        dependencies={['topics']}
        rules={[
          {
            validator: (_rule, value: number | null) =>
              value !== null && value !== undefined && choices.some((choice) => choice.id === value)
                ? Promise.resolve()
                : Promise.reject(new Error(t('messages.mainCategory'))),
          },
        ]}
      >
        <Select
          allowClear={clear}
          data-testid="editor-main-category"
          placeholder={field('mainCategoryPlaceholder')}
          options={choices.map((choice) => ({ value: choice.id, label: choice.title }))}
        />
      </Form.Item>
    </>
  );
}

export function TagsAuthorsPanel({ disabled }: { disabled: boolean }) {
  const { field } = useFieldText();
  return (
    <>
      <Form.Item name="tags" label={field('tags')}>
        <TagsField disabled={disabled} data-testid="editor-tags" />
      </Form.Item>
      <Form.Item name="authors" label={field('authors')}>
        <AuthorsField disabled={disabled} />
      </Form.Item>
    </>
  );
}

export function AdsVideosPanel({ disabled }: { disabled: boolean }) {
  const { field } = useFieldText();
  return (
    <>
      <Form.Item name="ads" label={field('ads')}>
        <AdsField disabled={disabled} />
      </Form.Item>
      <Form.Item name="videos" label={field('videos')}>
        <VideosField disabled={disabled} />
      </Form.Item>
      <Form.Item name="videos_at_source" valuePropName="checked">
        <Checkbox>{field('videosAtSource')}</Checkbox>
      </Form.Item>
    </>
  );
}

export function LocationPanel({ countries, disabled }: { countries: Country[] | undefined; disabled: boolean }) {
  const { t } = useFieldText();
  return (
    <CountryStateSelects
      names={LOCATION_FIELDS}
      labels={{ country: t('fields.country'), state: t('fields.state'), noCountry: t('fields.noCountry') }}
      none="cleared"
      countries={countries}
      disabled={disabled}
      testIds={{ country: 'editor-country', state: 'editor-state' }}
    />
  );
}

/** The preview follows every change; it watches the form itself so typing re-renders only it. */
export function PreviewPane({ fallback }: { fallback: EditorFormValues }) {
  const form = Form.useFormInstance<EditorFormValues>();
  const values = Form.useWatch((all: EditorFormValues) => all, { form, preserve: true }) as Partial<EditorFormValues> | undefined;
  return <ArticlePreview values={values ?? fallback} />;
}
