import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StaleVersionAlert } from 'shared/ui/StaleVersionAlert';
import type { ImporterEditorData } from '../api/loaders';
import { useFieldRule } from '../hooks/useImporterFormFields';
import { useImporterSave } from '../hooks/useImporterSave';
import { NS } from '../i18n';
import { mainChoicesOf, toFormValues, visibleFields, type ImporterFormValues } from '../model/form';
import { ImporterArticleFields } from './ImporterArticleFields';
import { ImporterCategoryFields } from './ImporterCategoryFields';
import { ImporterFeedFields } from './ImporterFeedFields';
import { ImporterImageFields } from './ImporterImageFields';
import { ImporterLocationFields } from './ImporterLocationFields';

export { LIST_PATH } from '../hooks/useImporterSave';

/** Spec "Scheduled import edit form": every field, option and default; Save only when valid. */
export function ImporterForm({ data }: { data: ImporterEditorData }) {
  const { t } = useTranslation(NS, { keyPrefix: 'editor' });
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
  const rule = useFieldRule(form, initial);
  const { save, saving, conflict, reload, overwrite, cancel } = useImporterSave(form, initial, (reloaded) =>
    setMainChoices(mainChoicesOf(lookups.topics, reloaded.topics)),
  );

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
        <ImporterFeedFields plugins={lookups.plugins} rule={rule} />
        <Card size="small" title={t('sections.defaults')}>
          <ImporterArticleFields lookups={lookups} show={show} rule={rule} />
          <ImporterImageFields showImage={show.image} rule={rule} />
          <ImporterLocationFields countries={lookups.countries} rule={rule} />
          <ImporterCategoryFields topics={lookups.topics} mainChoices={mainChoices} onMainChoices={setMainChoices} rule={rule} />
        </Card>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('save')}
          </Button>
          <Button disabled={saving} onClick={() => void save('simulate')}>
            {t('saveAndSimulate')}
          </Button>
          <Button onClick={cancel}>{t('cancel')}</Button>
        </Flex>
      </Flex>
    </Form>
  );
}
