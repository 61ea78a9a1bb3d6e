// The create / edit dialogs of the admin screens (users, roles, webhooks): the form takes the
// record's values when the dialog opens, a save is made from the version it was loaded at, and a
// stale save (409 with the stored record) is said in an alert that offers to reload those values.
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import type { FormInstance } from 'antd/es/form';
import Modal from 'antd/es/modal';
import { useEffect, useState, type ReactNode } from 'react';
import { errorText, staleVersionCurrent } from 'shared';

export interface VersionedEdit<R> {
  /** The version the next save is made from (undefined while creating). */
  version: number | undefined;
  busy: boolean;
  error: unknown;
  /** The stored record a stale save was answered with. */
  current: R | null;
  /** Runs a save: busy meanwhile, its error kept (and given to `onError`, e.g. to mark a field). */
  save(work: () => Promise<void>, onError?: (caught: unknown) => void): Promise<void>;
  /** Takes the stored record of a stale save into the form and saves from its version next. */
  reload(): void;
}

/** `open`: the dialog's target (null: closed); `editing`: the record edited (null: a new one). */
export function useVersionedEdit<R extends { version: number }, V>(
  form: FormInstance<V>,
  open: unknown,
  editing: R | null,
  valuesOf: (record: R | null) => V,
): VersionedEdit<R> {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState<number | undefined>(undefined);
  const fill = (record: R | null) => form.setFieldsValue(valuesOf(record) as Parameters<FormInstance<V>['setFieldsValue']>[0]);

  useEffect(() => {
    setError(null);
    if (open === null) return;
    fill(editing);
    setVersion(editing?.version);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [open]);

  const current = staleVersionCurrent<R>(error);
  return {
    version,
    busy,
    error,
    current,
    async save(work, onError) {
      setBusy(true);
      setError(null);
      try {
        await work();
      } catch (caught) {
        setError(caught);
        onError?.(caught);
      } finally {
        setBusy(false);
      }
    },
    reload() {
      if (!current) return;
      fill(current);
      setVersion(current.version);
      setError(null);
    },
  };
}

export interface VersionedEditDialogProps<R> {
  title: string;
  edit: VersionedEdit<R>;
  labels: { cancel: string; save: string; reload: string };
  onClose(): void;
  /** Saves: the form's submit. */
  onSave(): void;
  children: ReactNode;
}

/** The dialog around such a form: Cancel and Save, the save's error above the fields (with Reload when stale). */
export function VersionedEditDialog<R>({ title, edit, labels, onClose, onSave, children }: VersionedEditDialogProps<R>) {
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {labels.cancel}
        </Button>,
        <Button key="submit" type="primary" loading={edit.busy} onClick={onSave}>
          {labels.save}
        </Button>,
      ]}
    >
      {edit.error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorText(edit.error)}
          style={{ marginBottom: 16 }}
          action={edit.current ? <Button onClick={edit.reload}>{labels.reload}</Button> : undefined}
        />
      ) : null}
      {children}
    </Modal>
  );
}
