// The rich-text editor of `text` and `introtext` (TipTap, a maintained ProseMirror editor that
// supports React 19). Loaded lazily (LazyRichTextEditor) so the portal list does not pay for it.
// The HTML is sanitised on the server when saved; here it is only edited.
import BoldOutlined from '@ant-design/icons/es/icons/BoldOutlined';
import DisconnectOutlined from '@ant-design/icons/es/icons/DisconnectOutlined';
import ItalicOutlined from '@ant-design/icons/es/icons/ItalicOutlined';
import LinkOutlined from '@ant-design/icons/es/icons/LinkOutlined';
import OrderedListOutlined from '@ant-design/icons/es/icons/OrderedListOutlined';
import RedoOutlined from '@ant-design/icons/es/icons/RedoOutlined';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import UnorderedListOutlined from '@ant-design/icons/es/icons/UnorderedListOutlined';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import theme from 'antd/es/theme';
import Tooltip from 'antd/es/tooltip';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_PREFIX, NS } from '../i18n';
import { isHttpUrl } from 'contracts/rules/http-url';

export interface RichTextEditorProps {
  value?: string;
  onChange?(html: string): void;
  disabled?: boolean;
  /** Accessible name of the editing area. */
  label: string;
  id?: string;
  minHeight?: number;
}

/** What an empty TipTap document serialises to; stored as ''. */
const EMPTY_DOC = '<p></p>';

export default function RichTextEditor({ value = '', onChange, disabled = false, label, id, minHeight = 160 }: RichTextEditorProps) {
  const { t } = useTranslation(NS, { keyPrefix: `${EDITOR_PREFIX}.editor` });
  const { token } = theme.useToken();
  const [linkOpen, setLinkOpen] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // The link dialog sets target per link; a new link opens in a new window by default.
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
        },
      }),
    ],
    content: value,
    editable: !disabled,
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', ...(id ? { id } : {}) } },
    onUpdate: ({ editor: current }) => {
      const html = current.getHTML();
      onChange?.(html === EMPTY_DOC ? '' : html);
    },
  });

  // Outside changes (a restored draft, a reload) replace the content without an update event.
  // A destroyed editor is skipped: useEditor destroys its first instance when the mount effects
  // come later than 1 ms after render (a busy machine) and hands out a new one in the next render;
  // its getHTML() would throw (the schema is gone) and take the whole screen down.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.getHTML();
    if ((current === EMPTY_DOC ? '' : current) !== value) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  // No update event: TipTap's default emits one, which reported the loaded text in the editor's own
  // HTML as a change (an unsaved draft nobody made).
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  const tool = (key: string, icon: ReactNode, run: () => void, active = false) => (
    <Tooltip title={t(key)} key={key}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={t(key)}
        aria-pressed={active}
        disabled={disabled || !editor}
        onClick={run}
      />
    </Tooltip>
  );

  return (
    <div
      style={{
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: disabled ? token.colorBgContainerDisabled : token.colorBgContainer,
      }}
    >
      <Flex
        role="toolbar"
        aria-label={t('toolbar')}
        gap={2}
        wrap
        style={{ padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        {tool('bold', <BoldOutlined />, () => editor?.chain().focus().toggleBold().run(), !!editor?.isActive('bold'))}
        {tool('italic', <ItalicOutlined />, () => editor?.chain().focus().toggleItalic().run(), !!editor?.isActive('italic'))}
        {tool(
          'bulletList',
          <UnorderedListOutlined />,
          () => editor?.chain().focus().toggleBulletList().run(),
          !!editor?.isActive('bulletList'),
        )}
        {tool(
          'orderedList',
          <OrderedListOutlined />,
          () => editor?.chain().focus().toggleOrderedList().run(),
          !!editor?.isActive('orderedList'),
        )}
        {tool('link', <LinkOutlined />, () => setLinkOpen(true), !!editor?.isActive('link'))}
        {tool('unlink', <DisconnectOutlined />, () => editor?.chain().focus().extendMarkRange('link').unsetLink().run())}
        {tool('undo', <UndoOutlined />, () => editor?.chain().focus().undo().run())}
        {tool('redo', <RedoOutlined />, () => editor?.chain().focus().redo().run())}
      </Flex>
      <div style={{ padding: '4px 11px', minHeight }} className="nd-rich-text">
        <EditorContent editor={editor} />
      </div>
      {linkOpen && (
        <LinkDialog
          initialHref={(editor?.getAttributes('link').href as string | undefined) ?? ''}
          initialNewWindow={editor?.isActive('link') ? editor.getAttributes('link').target === '_blank' : true}
          onCancel={() => setLinkOpen(false)}
          onOk={(href, newWindow) => {
            setLinkOpen(false);
            const chain = editor?.chain().focus().extendMarkRange('link');
            if (!href) chain?.unsetLink().run();
            else chain?.setLink({ href, target: newWindow ? '_blank' : null, rel: newWindow ? 'noopener noreferrer' : null }).run();
          }}
        />
      )}
    </div>
  );
}

interface LinkDialogProps {
  initialHref: string;
  initialNewWindow: boolean;
  onOk(href: string, newWindow: boolean): void;
  onCancel(): void;
}

/** The editor's link dialog: the target defaults to a new window (spec section 5). */
export function LinkDialog({ initialHref, initialNewWindow, onOk, onCancel }: LinkDialogProps) {
  const { t } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  const [form] = Form.useForm<{ href: string; newWindow: boolean }>();
  return (
    <Modal
      open
      title={t('editor.linkTitle')}
      okText={t('editor.ok')}
      cancelText={t('editor.cancel')}
      onCancel={onCancel}
      onOk={() => {
        // Invalid: the form shows the field's message; nothing else to do.
        form.validateFields().then(
          (values) => onOk(values.href.trim(), values.newWindow),
          () => undefined,
        );
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ href: initialHref, newWindow: initialNewWindow }}>
        <Form.Item
          name="href"
          label={t('editor.linkUrl')}
          rules={[
            {
              validator: (_rule, v: string) =>
                isHttpUrl((v ?? '').trim(), { allowBlank: true }) || /^mailto:/i.test(v ?? '')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('rules.url'))),
            },
          ]}
        >
          <Input autoFocus placeholder="https://" />
        </Form.Item>
        <Form.Item name="newWindow" valuePropName="checked">
          <Checkbox>{t('editor.linkNewWindow')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
