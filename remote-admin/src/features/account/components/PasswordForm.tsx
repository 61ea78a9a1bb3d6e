import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { AccountRecord } from 'contracts/schemas/account';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText, errorText, isApiError, loadApiErrorTexts, toast } from 'shared';
import { changePassword } from '../api/accountApi';
import { NS } from '../i18n';

type PasswordRules = typeof import('contracts/rules/passwords');

interface Values {
  current_password: string;
  password: string;
  repeat: string;
}

export interface PasswordFormProps {
  account: AccountRecord;
  /** The password changed: the other sessions have ended. */
  onChanged(): void;
}

/**
 * The current password and a new one (checked as it is typed by the one rule of
 * contracts/rules/passwords, with a strength meter). The server ends every other session.
 */
export function PasswordForm({ account, onChanged }: PasswordFormProps) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [rules, setRules] = useState<PasswordRules | null>(null);
  const password = Form.useWatch('password', form) ?? '';

  useEffect(() => {
    // The common-password list is large: loaded with this form, not with the remote.
    void import('contracts/rules/passwords').then(setRules);
    void loadApiErrorTexts().catch(() => undefined);
  }, []);

  const min = rules?.PASSWORD_MIN_LENGTH ?? 12;
  const strength = rules && password ? rules.passwordStrength(password, account) : null;

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const { ended } = await changePassword({ current_password: values.current_password, password: values.password });
      form.resetFields();
      toast.success(t('password.changed', { count: ended }));
      onChanged();
    } catch (caught) {
      const field = isApiError(caught) ? caught.field : undefined;
      if (field === 'current_password' || field === 'password') form.setFields([{ name: field, errors: [errorText(caught)] }]);
      else toast.error(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="account-password-title">
      <h2 id="account-password-title">{t('password.title')}</h2>
      <Form form={form} layout="vertical" name="account-password" onFinish={(values) => void submit(values)}>
        <Form.Item name="current_password" label={t('password.current')} rules={[{ required: true, message: t('password.required') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('password.new')}
          extra={
            <>
              {t('password.help', { min })}
              {strength !== null ? (
                <span data-testid="password-strength">
                  {' '}
                  <meter
                    min={0}
                    max={4}
                    value={strength}
                    aria-label={t('password.strength')}
                    style={{ verticalAlign: 'middle', width: 80 }}
                  />{' '}
                  {t(`password.strengths.${strength}`)}
                </span>
              ) : null}
            </>
          }
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const problem = rules?.passwordProblem(value ?? '', account) ?? (value ? null : 'password_too_short');
                if (problem) throw new Error(apiErrorText({ error: problem, params: { min, max: rules?.PASSWORD_MAX_LENGTH ?? 128 } }));
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeat"
          label={t('password.repeat')}
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if ((value ?? '') !== getFieldValue('password')) throw new Error(t('password.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('password.submit')}
        </Button>
      </Form>
    </section>
  );
}
