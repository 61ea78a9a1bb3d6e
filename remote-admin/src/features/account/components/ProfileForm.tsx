import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from 'contracts/rules/account';
import type { AccountRecord, UpdateAccountBody } from 'contracts/schemas/account';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError, setLanguage, staleVersionCurrent, toast } from 'shared';
import { saveAccount } from '../api/accountApi';
import { NS } from '../i18n';

/** The update's fields; the language select's value is '' for none chosen (a Select option cannot be null). */
type Values = Required<Pick<UpdateAccountBody, 'name' | 'email'>> & { language: InterfaceLanguage | '' };

const valuesOf = (account: AccountRecord): Values => ({ name: account.name, email: account.email ?? '', language: account.language ?? '' });

export interface ProfileFormProps {
  account: AccountRecord;
  onSaved(account: AccountRecord): void;
}

/** Name, email and interface language, saved with the version the form loaded (a stale save offers the current data). */
export function ProfileForm({ account, onSaved }: ProfileFormProps) {
  const { t, i18n } = useTranslation(NS);
  const [form] = Form.useForm<Values>();
  const [version, setVersion] = useState(account.version);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    form.setFieldsValue(valuesOf(account));
    setVersion(account.version);
  }, [account, form]);

  const submit = async (values: Values) => {
    setBusy(true);
    setError(null);
    try {
      const saved = await saveAccount({
        version,
        name: values.name,
        email: values.email,
        language: values.language === '' ? null : values.language,
      });
      setVersion(saved.version);
      if (saved.language) await setLanguage(saved.language);
      // Said in the language just chosen (this render's `t` still speaks the one before).
      toast.success(i18n.t('profile.saved', { ns: NS }));
      onSaved(saved);
    } catch (caught) {
      setError(caught);
      const field = isApiError(caught) ? caught.field : undefined;
      if (field === 'name' || field === 'email') form.setFields([{ name: field, errors: [errorText(caught)] }]);
    } finally {
      setBusy(false);
    }
  };

  const current = staleVersionCurrent<AccountRecord>(error);
  const reload = () => {
    if (!current) return;
    form.setFieldsValue(valuesOf(current));
    setVersion(current.version);
    setError(null);
  };

  return (
    <section aria-labelledby="account-profile-title">
      <h2 id="account-profile-title">{t('profile.title')}</h2>
      <p>{t('profile.username', { username: account.username })}</p>
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorText(error)}
          style={{ marginBottom: 16 }}
          action={current ? <Button onClick={reload}>{t('profile.reload')}</Button> : undefined}
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        name="account-profile"
        initialValues={valuesOf(account)}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="name"
          label={t('profile.name')}
          rules={[{ required: true, whitespace: true, message: t('profile.required', { field: t('profile.name') }) }]}
        >
          <Input autoComplete="name" maxLength={200} />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('profile.email')}
          rules={[
            { required: true, message: t('profile.required', { field: t('profile.email') }) },
            { type: 'email', message: t('profile.emailInvalid') },
          ]}
        >
          <Input autoComplete="email" maxLength={254} />
        </Form.Item>
        <Form.Item name="language" label={t('profile.language')} extra={t('profile.languageHelp')}>
          <Select
            options={[
              { value: '', label: t('profile.browserLanguage') },
              ...INTERFACE_LANGUAGES.map((language) => ({ value: language, label: t(`profile.languages.${language}`) })),
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('profile.save')}
        </Button>
      </Form>
    </section>
  );
}
