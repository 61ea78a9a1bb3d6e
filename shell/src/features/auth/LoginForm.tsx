import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import { SHELL_NS } from '../../app/i18n';

export interface LoginValues {
  username: string;
  password: string;
  remember: boolean;
}

export interface LoginFormProps {
  onSubmit: (values: LoginValues) => void;
  /** A login is running or the session is 'temporary': the loading view replaces the form. */
  busy: boolean;
  /** The session's error message (danger alert), or null. */
  error: string | null;
  /** The user edits the form (the shell clears the error then). */
  onEdit?: () => void;
}

/**
 * The login box (spec section 2 "Login screen"): username and password (both required), a
 * Remember Me checkbox, a Log in button, a danger alert with the error; a loading view replaces
 * the form while busy. The form stays mounted (hidden) meanwhile, so what was typed survives a
 * failed attempt.
 */
export function LoginForm({ onSubmit, busy, error, onEdit }: LoginFormProps) {
  const { t } = useTranslation(SHELL_NS);
  const [form] = Form.useForm<LoginValues>();

  return (
    <>
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />
      ) : null}
      {busy ? (
        <div
          role="status"
          aria-live="polite"
          data-testid="login-loading"
          style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12, padding: '32px 0' }}
        >
          <Spin size="large" />
          <span>{t('loading')}</span>
        </div>
      ) : null}
      <Form<LoginValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: '', password: '', remember: false }}
        onFinish={(values) => onSubmit({ ...values, remember: Boolean(values.remember) })}
        onValuesChange={() => onEdit?.()}
        style={busy ? { display: 'none' } : undefined}
        aria-hidden={busy || undefined}
        name="login"
      >
        <Form.Item
          label={t('login.username')}
          name="username"
          rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
        >
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          label={t('login.password')}
          name="password"
          rules={[{ required: true, message: t('login.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="remember" valuePropName="checked" style={{ marginBottom: 16 }}>
          <Checkbox>{t('login.remember')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block disabled={busy}>
          {t('login.submit')}
        </Button>
      </Form>
    </>
  );
}
