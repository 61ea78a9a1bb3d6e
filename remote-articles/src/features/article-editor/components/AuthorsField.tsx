// Authors: the shared field (autocomplete from 3 characters, create ignored while another
// creation runs) plus the article editor's own edit of name, position, bio and image (spec
// section 5, with its errors: "No author selected", the response's error, "No image response").
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Upload from 'antd/es/upload';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAuthor, staleVersionCurrent, toast, updateAuthor, uploadImage, errorMessage } from 'shared';
import { AuthorsField as SharedAuthorsField, IMAGE_TYPES } from 'shared/fields';
import { StaleVersionAlert } from 'shared/ui/StaleVersionAlert';
import { EDITOR_PREFIX, NS } from '../i18n';
import { isHttpUrl } from 'contracts/rules/http-url';
import { LIMITS } from '../model/validation';
import type { Author, AuthorRef } from '../model/types';

interface Props {
  value?: AuthorRef[];
  onChange?(authors: AuthorRef[]): void;
  disabled?: boolean;
}

export function AuthorsField({ value = [], onChange, disabled = false }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: `${EDITOR_PREFIX}.fields` });
  // The author being edited (the "active author"); cleared when the dialog or the editor closes.
  const [activeAuthor, setActiveAuthor] = useState<AuthorRef | null>(null);
  return (
    <div data-testid="editor-authors">
      <SharedAuthorsField
        value={value}
        onChange={onChange}
        disabled={disabled}
        allowCreate
        renderExtra={(author) => (
          <EditOutlined role="button" aria-label={t('editAuthor', { name: author.name })} onClick={() => setActiveAuthor(author)} />
        )}
      />
      {activeAuthor && (
        <AuthorDialog
          author={activeAuthor}
          onClose={() => setActiveAuthor(null)}
          onSaved={(saved) => {
            onChange?.(value.map((author) => (author.id === saved.id ? { id: saved.id, name: saved.name } : author)));
            setActiveAuthor(null);
          }}
        />
      )}
    </div>
  );
}

interface DialogProps {
  author: AuthorRef | null;
  onClose(): void;
  onSaved(author: AuthorRef): void;
}

type AuthorForm = Omit<Author, 'id' | 'version'>;

const formValuesOf = (author: Author, fallbackName = ''): AuthorForm => ({
  name: author.name ?? fallbackName,
  position: author.position ?? '',
  bio: author.bio ?? '',
  image: author.image ?? '',
});

/** The author's name, position, bio and image (an address, or an uploaded image's). */
function AuthorFields({ onUpload }: { onUpload(file: File): void }) {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  const field = (key: string) => t(`fields.${key}`);
  const maxRule = (key: 'authorName' | 'authorPosition' | 'authorBio') => ({
    max: LIMITS[key].max,
    message: t('rules.max', { field: field(key), max: LIMITS[key].max }),
  });
  return (
    <>
      <Form.Item
        name="name"
        label={field('authorName')}
        rules={[{ required: true, whitespace: true, message: t('rules.required', { field: field('authorName') }) }, maxRule('authorName')]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="position" label={field('authorPosition')} rules={[maxRule('authorPosition')]}>
        <Input />
      </Form.Item>
      <Form.Item name="bio" label={field('authorBio')} rules={[maxRule('authorBio')]}>
        <Input.TextArea rows={4} />
      </Form.Item>
      <Form.Item label={field('authorImage')}>
        <Flex gap={8}>
          <Form.Item
            name="image"
            noStyle
            rules={[
              {
                validator: (_rule, v: string) =>
                  isHttpUrl((v ?? '').trim(), { allowBlank: true }) || (v ?? '').startsWith('/')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('rules.url'))),
              },
            ]}
          >
            <Input aria-label={field('authorImage')} />
          </Form.Item>
          <Upload
            accept={IMAGE_TYPES}
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              onUpload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>{field('uploadAuthorImage')}</Button>
          </Upload>
        </Flex>
      </Form.Item>
    </>
  );
}

/** Loads the author into the form; its version is what the next save is made from. */
function useStoredAuthor(author: AuthorRef | null, form: FormInstance<AuthorForm>) {
  const [loaded, setLoaded] = useState(false);
  const [version, setVersion] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (!author) return;
    let active = true;
    fetchAuthor(author.id).then(
      (full) => {
        if (!active) return;
        form.setFieldsValue(formValuesOf(full, author.name));
        setVersion(full.version);
        setLoaded(true);
      },
      (error: unknown) => {
        if (!active) return;
        toast.error(errorMessage(error));
        form.setFieldsValue({ name: author.name, position: '', bio: '', image: '' });
        setLoaded(true);
      },
    );
    return () => {
      active = false;
    };
  }, [author, form]);
  return { loaded, version, setVersion };
}

/** Edit one author: name, position, bio, image (URL or an uploaded image). */
export function AuthorDialog({ author, onClose, onSaved }: DialogProps) {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  const [form] = Form.useForm<AuthorForm>();
  const [saving, setSaving] = useState(false);
  // The version the dialog loaded; a save after someone else's is refused (409) with theirs, and
  // the user reloads it or overwrites it.
  const { loaded, version, setVersion } = useStoredAuthor(author, form);
  const [conflict, setConflict] = useState<Author | null>(null);

  const uploadAuthorImage = async (file: File) => {
    if (!author) {
      toast.error(t('messages.noAuthor'));
      return;
    }
    try {
      const upload = await uploadImage(file);
      // An upload without a URL cannot be an author image.
      if (!upload.url) throw new Error(t('messages.noAuthorImage'));
      form.setFieldValue('image', upload.url);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const save = async (overVersion = version) => {
    if (!author) {
      toast.error(t('messages.noAuthor'));
      return;
    }
    const values = await form.validateFields();
    setSaving(true);
    try {
      const saved = await updateAuthor(author.id, {
        name: values.name.trim(),
        position: values.position ?? '',
        bio: values.bio ?? '',
        image: values.image ?? '',
        ...(overVersion !== undefined ? { version: overVersion } : {}),
      });
      toast.success(t('messages.authorUpdated'));
      onSaved({ id: Number(saved?.id ?? author.id), name: saved?.name ?? values.name.trim() });
    } catch (error) {
      const current = staleVersionCurrent<Author & { version: number }>(error);
      setConflict(current);
      if (!current) toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('fields.editAuthor', { name: author?.name ?? '' })}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      okText={t('actions.save')}
      cancelText={t('editor.cancel')}
      okButtonProps={{ loading: saving, disabled: !loaded || conflict !== null }}
      destroyOnHidden
    >
      {conflict && (
        <StaleVersionAlert
          marginBottom={16}
          title={t('messages.authorStale')}
          help={t('messages.authorStaleHelp')}
          reloadLabel={t('messages.authorReload')}
          overwriteLabel={t('messages.authorOverwrite')}
          onReload={() => {
            form.setFieldsValue(formValuesOf(conflict));
            setVersion(conflict.version);
            setConflict(null);
          }}
          onOverwrite={() => {
            setVersion(conflict.version);
            setConflict(null);
            void save(conflict.version).catch(() => undefined);
          }}
        />
      )}
      <Form form={form} layout="vertical" disabled={!loaded}>
        <AuthorFields onUpload={(file) => void uploadAuthorImage(file)} />
      </Form>
    </Modal>
  );
}
