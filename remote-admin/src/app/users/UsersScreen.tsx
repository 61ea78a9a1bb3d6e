import type { LoaderFunctionArgs } from 'react-router-dom';
import { useLoaderData, useRevalidator, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { requireRight } from 'shared';
import { buildMark } from 'shared/ui/buildMark';
import { loadUsers, PEOPLE_NS, searchFromView, UsersView, type UsersData } from '../../features/people';

/** Without manage_users it refuses before anything loads (the shell says so), like /import without `import`. */
export function usersLoader({ request }: LoaderFunctionArgs): Promise<UsersData> {
  requireRight('manage_users');
  return loadUsers(request.url, request.signal);
}

/** /admin/users. */
export function UsersScreen() {
  const { t } = useTranslation(PEOPLE_NS);
  const data = useLoaderData() as UsersData;
  const [, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  return (
    <div data-testid="users-screen" {...buildMark('remote-admin')} style={{ padding: 24 }}>
      <h1 style={{ marginTop: 0 }}>{t('users.title')}</h1>
      <UsersView data={data} onView={(view) => setSearchParams(searchFromView(view))} onChanged={() => void revalidator.revalidate()} />
    </div>
  );
}
