// The article edit form of the portal's right column (spec section 2 "Article edit form",
// section 4 "Article editing", section 5). Every field lives in one antd Form; the panels are
// rendered even when collapsed so that hidden fields are validated too — the collapsed ones right
// after the open ones have been painted (opening an article shows its fields sooner), and at once
// when a save needs them.
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Collapse from 'antd/es/collapse';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input, { type InputRef } from 'antd/es/input';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { errorText, fetchCategoryTree, toast, useRight, useSession } from 'shared';
import { mayEditArticle, submitApplies } from 'contracts/rules/article-state';
import { parsePublishTime, scheduleApplies } from 'contracts/rules/article-schedule';
import { HistoryButton } from '../../article-history';
import { EditorPresenceNotices, useEditorPresence } from '../../presence';
import { useArticleEditor, type SaveMode } from '../hooks/useArticleEditor';
import { EDITOR_PREFIX, NS } from '../i18n';
import { restoreDraft } from '../model/draftStorage';
import type { EditorFormValues } from '../model/formMapping';
import { keepMainCategory, mainCategoryChoices } from 'contracts/rules/categories';
import type { CategoryNode, Country } from '../model/types';
import { isHttpUrl, LIMITS, SAVE_BLOCK_MESSAGE, saveBlock } from '../model/validation';
import { dateTimeForServer } from '../model/dates';
import { scheduleStatus } from '../model/scheduleStatus';
import { readOnlyReason } from '../model/readOnly';
import { AdsField, VideosField } from './AdsVideosFields';
import { ArticlePreview } from './ArticlePreview';
import { AuthorsField } from './AuthorsField';
import { EventFields } from './EventFields';
import { ImagesField } from './ImagesField';
import { LazyRichTextEditor } from './LazyRichTextEditor';
import { PublishingPanel } from './PublishingPanel';
import { CountryStateSelects, TagsField, TopicsField } from 'shared/fields';
import { useSelectClear } from 'shared/ui/useSelectClear';

export interface ArticleEditorProps {
  /** 0 = a new article. */
  articleId: number;
  /** Close the editor (the portal reloads the list). */
  onClose(): void;
  /** Something was stored: reload the list. */
  onSaved(): void;
  /** Show another article in the editor (the copy after Duplicate, the saved one after submit). */
  onOpen(id: number): void;
  /** A save started ('running') and how it ended ('saved': stored on the server, else 'failed'). */
  onSaveState?(state: 'running' | 'saved' | 'failed'): void;
  /** The category tree and countries when already loaded (the portal's route loader); else fetched here. */
  categoryTree?: CategoryNode[];
  countries?: Country[];
}

const PANELS = [
  'content',
  'images',
  'categories',
  'tagsAuthors',
  'adsVideos',
  'event',
  'location',
  'references',
  'publishing',
  'preview',
] as const;
const OPEN_AT_START = ['content', 'images', 'categories'];
/** The form's location fields (its values: country_code '' for none, state_id a number or null). */
const LOCATION_FIELDS = { country: 'country_code', state: 'state_id' };
const DRAFT_DELAY_MS = 600;

export function ArticleEditor({ articleId, onClose, onSaved, onOpen, onSaveState, categoryTree, countries }: ArticleEditorProps) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  const clear = useSelectClear();
  const editor = useArticleEditor(articleId);
  const canTakeOver = useRight('edit_all_articles');
  const canCreate = useRight('create_article');
  const canApprove = useRight('approve_article');
  const userId = useSession().user?.id ?? null;
  const [form] = Form.useForm<EditorFormValues>();
  const [fetchedTree, setTree] = useState<CategoryNode[]>([]);
  const tree = categoryTree ?? fetchedTree;
  const [open, setOpen] = useState<string[]>(OPEN_AT_START);
  // False until the loaded form has been painted: the collapsed panels' fields mount after it.
  const [allPanels, setAllPanels] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const draftTimer = useRef<number | undefined>(undefined);
  const cardRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<InputRef>(null);

  useEffect(() => {
    if (categoryTree) return undefined;
    let active = true;
    fetchCategoryTree().then(
      (nodes) => active && setTree(Array.isArray(nodes) ? nodes : []),
      (error: unknown) => active && toast.error(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      active = false;
    };
  }, [categoryTree]);

  useEffect(() => () => window.clearTimeout(draftTimer.current), []);

  const ready = editor.status === 'ready';
  useEffect(() => {
    if (!ready || allPanels) return undefined;
    // Interruptible (a transition): typing in the fields already shown stays responsive meanwhile.
    return afterPaint(() => startTransition(() => setAllPanels(true)));
  }, [ready, allPanels]);

  // Closing the tab: write a pending draft at once instead of after the typing pause.
  const pendingDraft = useRef<(() => void) | null>(null);
  useEffect(() => {
    const flush = () => {
      window.clearTimeout(draftTimer.current);
      pendingDraft.current?.();
      pendingDraft.current = null;
    };
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, []);

  // A new copy of the article (reload, take over, after submit): the form shows it as loaded.
  // (A remounted Form keeps the values of its form instance; resetFields applies the new ones.)
  useEffect(() => {
    if (editor.loadCount > 0) form.resetFields();
  }, [editor.loadCount, form]);

  // Opened (from the title search far down, or below the list on a narrow screen): bring the editor
  // into view and put the cursor in its title, once the article has loaded.
  useEffect(() => {
    if (editor.loadCount !== 1) return undefined;
    // Once the fields are painted (the scroll would lay the new form out before that), and after the
    // form's reset above has re-created its fields (a new title input).
    return afterPaint(() => {
      cardRef.current?.scrollIntoView?.({ block: 'start' });
      titleRef.current?.focus({ preventScroll: true });
    });
  }, [editor.loadCount]);

  // Other users opening, taking over or freeing the lock, or saving the article, live.
  const presence = useEditorPresence({
    articleId,
    userId,
    ready: editor.status === 'ready',
    loadCount: editor.loadCount,
    lock: editor.lock,
    version: editor.knownVersion,
    saving: editor.saving,
    onLock: editor.applyLiveLock,
  });
  const reloadKeepingEdits = () => {
    // The edits typed last go to the draft store first: the reload offers them back.
    window.clearTimeout(draftTimer.current);
    pendingDraft.current?.();
    pendingDraft.current = null;
    editor.reload();
  };

  const watchedTopics = Form.useWatch('topics', form) as number[] | undefined;
  const initialTopics = editor.initialValues?.topics;
  const choices = useMemo(() => mainCategoryChoices(tree, watchedTopics ?? initialTopics ?? []), [tree, watchedTopics, initialTopics]);
  const mainImage = Form.useWatch('main_image', { form, preserve: true }) as number | null | undefined;

  const formatTime = (iso: string | null | undefined) => {
    if (!iso) return '';
    const date = new Date(iso);
    return Number.isNaN(date.getTime())
      ? iso
      : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(date);
  };

  const run = async (mode: SaveMode) => {
    if (busyRef.current || (!editor.editable && mode !== 'copy')) return;
    busyRef.current = true;
    setBusy(true);
    onSaveState?.('running');
    let stored = false;
    try {
      // The collapsed panels' fields take part in the validation: mounted now if not yet.
      if (!allPanels) flushSync(() => setAllPanels(true));
      let invalid = 0;
      try {
        await form.validateFields();
      } catch (error) {
        invalid = (error as { errorFields?: unknown[] }).errorFields?.length ?? 1;
      }
      const values = form.getFieldsValue(true) as EditorFormValues;
      if (mode === 'schedule' && !((parsePublishTime(dateTimeForServer(values.publish_up))?.getTime() ?? 0) > Date.now())) {
        // Scheduling needs its time: said before anything is saved, beside the field.
        setOpen((keys) => (keys.includes('publishing') ? keys : [...keys, 'publishing']));
        toast.error(t('messages.scheduleNeedsTime'));
        return;
      }
      const block = saveBlock(values.images?.length ?? 0, invalid);
      if (block) {
        // Show every panel so the red fields are visible, hidden ones included.
        if (block === 'invalid') setOpen([...PANELS]);
        toast.error(t(SAVE_BLOCK_MESSAGE[block]));
        return;
      }
      // The edits typed last go to the draft store now, not after the typing pause (which would bring
      // back the draft a good save clears): kept if the page goes away before the save has answered.
      window.clearTimeout(draftTimer.current);
      pendingDraft.current?.();
      pendingDraft.current = null;
      const outcome = await editor.save(values, mode, {
        saved: t('messages.saved'),
        submitted: t('messages.submitted'),
        scheduled: t('messages.scheduled'),
        duplicated: (id) => t('messages.duplicated', { id }),
      });
      stored = outcome.saved === true;
      if (outcome.ok && mode === 'save') {
        // A plain save closes the editor (spec section 4); closing reloads the list (one reload).
        editor.release();
        onClose();
        return;
      }
      if (outcome.saved) onSaved();
      if (outcome.saved && outcome.id !== undefined) {
        // Same article: read it again here (a remount would release and retake the lock in a race).
        if (outcome.id === currentId && currentId > 0) editor.reload();
        else onOpen(outcome.id);
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
      onSaveState?.(stored ? 'saved' : 'failed');
    }
  };

  const close = () => {
    editor.release();
    onClose();
  };

  if (editor.status === 'loading' || (editor.status === 'ready' && !editor.initialValues)) {
    return (
      <Card size="small" title={articleId ? t('heading', { id: articleId }) : t('newHeading')} data-testid="article-editor">
        <Skeleton active aria-label={t('loading')} />
      </Card>
    );
  }
  if (editor.status === 'error' || !editor.initialValues) {
    return (
      <Card size="small" title={articleId ? t('heading', { id: articleId }) : t('newHeading')} data-testid="article-editor">
        <Alert
          type="error"
          showIcon
          title={t('loadFailed', { message: editor.error ?? '' })}
          action={
            <Flex gap={8}>
              <Button size="small" onClick={editor.reload}>
                {t('retry')}
              </Button>
              <Button size="small" onClick={onClose}>
                {t('actions.close')}
              </Button>
            </Flex>
          }
        />
      </Card>
    );
  }

  const disabled = !editor.editable;
  const field = (key: string) => t(`fields.${key}`);
  const currentId = editor.initialValues.id;
  const loaded = editor.data?.article;
  // Why the form is read-only, said beside it with what the user can do (not yours / locked by N since T).
  const reason = editor.editable
    ? null
    : readOnlyReason({
        articleId,
        createdBy: loaded?.created_by,
        submitter: loaded?.submitter,
        lock: editor.lock,
        userId,
        editAll: canTakeOver,
      });
  // Spec section 4: submitting applies to a draft only (a new article is one).
  const state = loaded?.state ?? editor.initialValues.state;
  const canSubmit = submitApplies(state);
  // An approver schedules a draft, an awaiting or an Unpublished article (a Scheduled one: for its new time).
  const canSchedule = canApprove && scheduleApplies(state);
  const scheduled = loaded ? scheduleStatus(loaded, new Date()).kind === 'scheduled' : false;

  const panel = (key: (typeof PANELS)[number], children: React.ReactNode) => ({
    key,
    label: t(`sections.${key}`),
    forceRender: allPanels,
    children,
  });

  return (
    <Card
      ref={cardRef}
      size="small"
      title={
        <Flex gap={8} align="center">
          {currentId ? t('heading', { id: currentId }) : t('newHeading')}
          {scheduled && (
            <Tag color="blue" data-testid="editor-scheduled">
              {t('schedule.tag')}
            </Tag>
          )}
        </Flex>
      }
      data-testid="article-editor"
      extra={
        <Flex gap={8}>
          {/* The revision history, for whoever may edit the article (the API's rule). */}
          {currentId > 0 && mayEditArticle(loaded?.created_by, userId, canTakeOver) && (
            <HistoryButton
              articleId={currentId}
              version={editor.initialValues.version}
              canRestore={editor.editable}
              onRestored={() => {
                editor.dismissDraft();
                editor.reload();
                onSaved();
              }}
            />
          )}
          <Button size="small" onClick={close}>
            {t('actions.close')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={8}>
        {reason?.kind === 'locked' && (
          <Alert
            type="warning"
            showIcon
            data-testid="editor-lock"
            title={t('lock.heldBy', { name: reason.name, time: formatTime(reason.since) })}
            description={`${t('lock.readOnly')} ${canTakeOver ? t('lock.canTakeOver') : t('lock.askToClose', { name: reason.name })}`}
            action={
              canTakeOver ? (
                <Button size="small" onClick={() => void editor.takeOver()}>
                  {t('lock.takeOver')}
                </Button>
              ) : undefined
            }
          />
        )}
        {reason?.kind === 'notYours' && (
          <Alert
            type="info"
            showIcon
            data-testid="editor-read-only"
            title={reason.submitter ? t('readOnly.notYoursNamed', { name: reason.submitter }) : t('readOnly.notYours')}
            description={`${t('readOnly.needsRight')} ${canCreate ? t('readOnly.whatToDoDuplicate') : t('readOnly.whatToDo')}`}
          />
        )}
        <EditorPresenceNotices
          presence={presence}
          editingNow={reason?.kind === 'notYours' && editor.lock?.held_by && !editor.lock.mine ? editor.lock.held_by.name : null}
          hasEdits={editor.editable && form.isFieldsTouched()}
          onReload={reloadKeepingEdits}
        />
        {editor.draft && editor.editable && (
          <Alert
            type="info"
            showIcon
            data-testid="editor-draft"
            title={t('draft.found', { time: formatTime(editor.draft.savedAt) })}
            description={editor.draft.version !== editor.initialValues.version ? t('draft.newerOnServer') : undefined}
            action={
              <Flex gap={8}>
                <Button
                  size="small"
                  type="primary"
                  onClick={() => {
                    if (editor.draft && editor.initialValues) form.setFieldsValue(restoreDraft(editor.draft, editor.initialValues));
                    editor.dismissDraft();
                    editor.keepDraft(form.getFieldsValue(true) as EditorFormValues);
                  }}
                >
                  {t('draft.restore')}
                </Button>
                <Button size="small" onClick={editor.dismissDraft}>
                  {t('draft.discard')}
                </Button>
              </Flex>
            }
          />
        )}
        {editor.saveError && (
          <Alert type="error" showIcon closable data-testid="editor-save-error" title={errorText(editor.saveError.failure)} />
        )}
        <Form<EditorFormValues>
          key={editor.loadCount}
          form={form}
          layout="vertical"
          initialValues={editor.initialValues}
          disabled={disabled}
          onValuesChange={(changed: Partial<EditorFormValues>) => {
            if ('topics' in changed) {
              // The main category stays only while it is one of the selected topics' choices.
              const next = keepMainCategory(
                mainCategoryChoices(tree, changed.topics ?? []),
                form.getFieldValue('main_category_id') as number | null,
              );
              if (next !== form.getFieldValue('main_category_id')) form.setFieldValue('main_category_id', next);
            }
            if (!editor.editable) return;
            window.clearTimeout(draftTimer.current);
            pendingDraft.current = () => editor.keepDraft(form.getFieldsValue(true) as EditorFormValues);
            draftTimer.current = window.setTimeout(() => {
              pendingDraft.current?.();
              pendingDraft.current = null;
            }, DRAFT_DELAY_MS);
          }}
        >
          <Collapse
            activeKey={open}
            onChange={(keys) => setOpen(Array.isArray(keys) ? keys : [keys])}
            items={[
              panel(
                'content',
                <>
                  <Form.Item
                    name="title"
                    label={field('title')}
                    rules={[
                      { required: true, whitespace: true, message: t('rules.required', { field: field('title') }) },
                      { max: LIMITS.title.max, message: t('rules.max', { field: field('title'), max: LIMITS.title.max }) },
                    ]}
                  >
                    <Input ref={titleRef} data-testid="editor-title" />
                  </Form.Item>
                  <Form.Item name="introtext" label={field('introtext')}>
                    <LazyRichTextEditor label={field('introtext')} disabled={disabled} minHeight={80} />
                  </Form.Item>
                  <Form.Item name="text" label={field('text')}>
                    <LazyRichTextEditor label={field('text')} disabled={disabled} />
                  </Form.Item>
                  <Form.Item
                    name="notes"
                    label={field('notes')}
                    rules={[{ max: LIMITS.notes.max, message: t('rules.max', { field: field('notes'), max: LIMITS.notes.max }) }]}
                  >
                    <Input.TextArea rows={2} />
                  </Form.Item>
                </>,
              ),
              panel(
                'images',
                <Form.Item name="images">
                  <ImagesField
                    mainImage={mainImage ?? null}
                    onMainImageChange={(id) => {
                      form.setFieldValue('main_image', id);
                      if (editor.editable) editor.keepDraft(form.getFieldsValue(true) as EditorFormValues);
                    }}
                    disabled={disabled}
                  />
                </Form.Item>,
              ),
              panel(
                'categories',
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
                </>,
              ),
              panel(
                'tagsAuthors',
                <>
                  <Form.Item name="tags" label={field('tags')}>
                    <TagsField disabled={disabled} data-testid="editor-tags" />
                  </Form.Item>
                  <Form.Item name="authors" label={field('authors')}>
                    <AuthorsField disabled={disabled} />
                  </Form.Item>
                </>,
              ),
              panel(
                'adsVideos',
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
                </>,
              ),
              panel('event', <EventFields disabled={disabled} />),
              panel(
                'location',
                <CountryStateSelects
                  names={LOCATION_FIELDS}
                  labels={{ country: t('fields.country'), state: t('fields.state'), noCountry: t('fields.noCountry') }}
                  none="cleared"
                  countries={countries}
                  disabled={disabled}
                  testIds={{ country: 'editor-country', state: 'editor-state' }}
                />,
              ),
              panel(
                'references',
                <>
                  <Form.Item name="references_at_source" valuePropName="checked">
                    <Checkbox>{field('referencesAtSource')}</Checkbox>
                  </Form.Item>
                  <Form.Item name="use_source_link" valuePropName="checked">
                    <Checkbox>{field('useSourceLink')}</Checkbox>
                  </Form.Item>
                  <Form.Item
                    name="reference_source"
                    label={field('referenceSource')}
                    rules={[
                      {
                        max: LIMITS.referenceSource.max,
                        message: t('rules.max', { field: field('referenceSource'), max: LIMITS.referenceSource.max }),
                      },
                    ]}
                  >
                    <Input />
                  </Form.Item>
                  <Form.Item name="reference_date" label={field('referenceDate')}>
                    <Input type="date" />
                  </Form.Item>
                  <Form.Item
                    name="reference_url"
                    label={field('referenceUrl')}
                    rules={[
                      { validator: (_rule, v: string) => (isHttpUrl(v) ? Promise.resolve() : Promise.reject(new Error(t('rules.url')))) },
                    ]}
                  >
                    <Input type="url" />
                  </Form.Item>
                </>,
              ),
              panel(
                'publishing',
                <PublishingPanel
                  article={loaded}
                  canApprove={canApprove}
                  disabled={disabled}
                  onChanged={() => {
                    editor.reload();
                    onSaved();
                  }}
                />,
              ),
              panel('preview', <PreviewPane fallback={editor.initialValues} />),
            ]}
          />
        </Form>
        <Flex gap={8} wrap justify="flex-end" data-testid="editor-actions">
          <Button onClick={close}>{t('actions.close')}</Button>
          <Button onClick={() => void run('copy')} disabled={busy || !currentId} loading={busy && editor.saving}>
            {t('actions.duplicate')}
          </Button>
          {canSubmit && (
            <Button onClick={() => void run('submit')} disabled={busy || disabled}>
              {t('actions.saveSubmit')}
            </Button>
          )}
          {canSchedule && (
            <Button onClick={() => void run('schedule')} disabled={busy || disabled} data-testid="editor-schedule">
              {t('actions.schedule')}
            </Button>
          )}
          <Button type="primary" onClick={() => void run('save')} disabled={busy || disabled}>
            {t('actions.save')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

/** Runs `then` once the browser has painted the next frame; answers the cancel. */
function afterPaint(then: () => void): () => void {
  let timer: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(then);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/** The preview follows every change; it watches the form itself so typing re-renders only it. */
function PreviewPane({ fallback }: { fallback: EditorFormValues }) {
  const form = Form.useFormInstance<EditorFormValues>();
  const values = Form.useWatch((all: EditorFormValues) => all, { form, preserve: true }) as Partial<EditorFormValues> | undefined;
  return <ArticlePreview values={values ?? fallback} />;
}
