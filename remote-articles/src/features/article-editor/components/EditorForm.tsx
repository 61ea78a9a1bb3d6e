// The editor's form: one antd Form whose panels are rendered even when collapsed, so that hidden
// fields are validated too (the collapsed ones mount right after the open ones have been painted,
// and at once when a save needs them).
import Collapse from 'antd/es/collapse';
import Form, { type FormInstance } from 'antd/es/form';
import type { InputRef } from 'antd/es/input';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { allowedChoices, keepMainCategory, mainCategoryChoices } from 'contracts/rules/categories';
import { EDITOR_PREFIX, NS } from '../i18n';
import type { EditorFormValues } from '../model/formMapping';
import type { PanelKey } from '../model/panels';
import type { CategoryNode, Country } from '../model/types';
import type { PublishingPanelProps } from './PublishingPanel';
import { AdsVideosPanel, CategoriesPanel, ImagesPanel, LocationPanel, PreviewPane, TagsAuthorsPanel } from './EditorChoicePanels';
import { ContentPanel, ReferencesPanel } from './EditorTextPanels';
import { EventFields } from './EventFields';
import { PlanningPanel } from './PlanningPanel';
import { PublishingPanel } from './PublishingPanel';

export interface EditorFormProps {
  form: FormInstance<EditorFormValues>;
  /** The form remounts with each new copy of the article. */
  loadCount: number;
  initialValues: EditorFormValues;
  disabled: boolean;
  tree: CategoryNode[];
  choices: ReadonlyArray<{ id: number; title: string }>;
  /** Scoped roles: the categories the article may be saved into (the API's allowed_category_ids); undefined: any. */
  allowedCategoryIds?: readonly number[] | undefined;
  countries: Country[] | undefined;
  /** Mount the collapsed panels' fields (after the first paint). */
  allPanels: boolean;
  open: string[];
  onOpenChange(keys: string[]): void;
  titleRef: Ref<InputRef>;
  publishing: Omit<PublishingPanelProps, 'disabled'>;
  /** The stored article's id (0: new): its Planning panel. */
  articleId: number;
  /** A field changed by the user (the draft timer starts). */
  onEdited(): void;
  /** The main image was chosen (kept as a draft at once). */
  onMainImageChange(id: number | null): void;
}

export function EditorForm(props: EditorFormProps) {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  const { form, disabled, tree } = props;
  const panel = (key: PanelKey, children: ReactNode) => ({
    key,
    label: t(`sections.${key}`),
    forceRender: props.allPanels,
    children,
  });

  const onValuesChange = (changed: Partial<EditorFormValues>) => {
    if ('topics' in changed) {
      // The main category stays only while it is one of the selected topics' choices.
      const current = form.getFieldValue('main_category_id') as number | null;
      const next = keepMainCategory(allowedChoices(mainCategoryChoices(tree, changed.topics ?? []), props.allowedCategoryIds), current);
      if (next !== current) form.setFieldValue('main_category_id', next);
    }
    props.onEdited();
  };

  return (
    <Form<EditorFormValues>
      key={props.loadCount}
      form={form}
      layout="vertical"
      initialValues={props.initialValues}
      disabled={disabled}
      onValuesChange={onValuesChange}
    >
      <Collapse
        activeKey={props.open}
        onChange={(keys) => props.onOpenChange(Array.isArray(keys) ? keys : [keys])}
        items={[
          panel('content', <ContentPanel disabled={disabled} titleRef={props.titleRef} />),
          panel('images', <ImagesPanel disabled={disabled} onMainImageChange={props.onMainImageChange} />),
          panel('categories', <CategoriesPanel tree={tree} choices={props.choices} disabled={disabled} />),
          panel('tagsAuthors', <TagsAuthorsPanel disabled={disabled} />),
          panel('adsVideos', <AdsVideosPanel disabled={disabled} />),
          panel('event', <EventFields disabled={disabled} />),
          panel('location', <LocationPanel countries={props.countries} disabled={disabled} />),
          panel('references', <ReferencesPanel />),
          panel('publishing', <PublishingPanel {...props.publishing} disabled={disabled} />),
          panel('planning', <PlanningPanel articleId={props.articleId} />),
          panel('preview', <PreviewPane fallback={props.initialValues} />),
        ]}
      />
    </Form>
  );
}
