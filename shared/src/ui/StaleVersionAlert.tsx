import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';

export interface StaleVersionAlertProps {
  /** What happened, e.g. "This category was changed by someone else after you opened it". */
  title: string;
  /** What the user can do. */
  help: string;
  reloadLabel: string;
  overwriteLabel: string;
  /** Take the stored values into the form (the user's own edits are dropped). */
  onReload(): void;
  /** Save the form again over the stored values. */
  onOverwrite(): void;
  marginBottom?: number;
}

/**
 * The answer to a stale save (409 with the current values, docs/ARCHITECTURE.md "Errors") in every
 * edit form: say it, and offer to reload the stored values or to overwrite them.
 */
export function StaleVersionAlert({
  title,
  help,
  reloadLabel,
  overwriteLabel,
  onReload,
  onOverwrite,
  marginBottom,
}: StaleVersionAlertProps) {
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      style={marginBottom === undefined ? undefined : { marginBottom }}
      title={title}
      description={
        <Flex vertical gap={8}>
          {help}
          <Flex gap={8}>
            <Button onClick={onReload}>{reloadLabel}</Button>
            <Button danger onClick={onOverwrite}>
              {overwriteLabel}
            </Button>
          </Flex>
        </Flex>
      }
    />
  );
}
