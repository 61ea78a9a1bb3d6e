import type { LoaderFunctionArgs } from 'react-router-dom';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { buildMark } from 'shared/ui/buildMark';
import { ACCOUNT_NS, AccountView, loadAccount, type AccountData } from '../../features/account';

/** Every signed-in user may open it (no right): their own account only. */
export function accountLoader({ request }: LoaderFunctionArgs): Promise<AccountData> {
  return loadAccount(request.signal);
}

/** /account. */
export function AccountScreen() {
  const { t } = useTranslation(ACCOUNT_NS);
  const data = useLoaderData() as AccountData;
  const revalidator = useRevalidator();
  return (
    <div data-testid="account-screen" {...buildMark('remote-admin')} style={{ padding: 24 }}>
      <h1 style={{ marginTop: 0 }}>{t('title')}</h1>
      <AccountView data={data} onChanged={() => void revalidator.revalidate()} />
    </div>
  );
}
