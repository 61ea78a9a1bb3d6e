import type { LoaderFunctionArgs } from 'react-router-dom';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { requireRight } from 'shared';
import { buildMark } from 'shared/ui/buildMark';
import { loadRoles, PEOPLE_NS, RolesView, type RolesData } from '../../features/people';

export function rolesLoader({ request }: LoaderFunctionArgs): Promise<RolesData> {
  requireRight('manage_users');
  return loadRoles(request.signal);
}

/** /admin/roles. */
export function RolesScreen() {
  const { t } = useTranslation(PEOPLE_NS);
  const { roles, categories } = useLoaderData() as RolesData;
  const revalidator = useRevalidator();
  return (
    <div data-testid="roles-screen" {...buildMark('remote-admin')} style={{ padding: 24 }}>
      <h1 style={{ marginTop: 0 }}>{t('roles.title')}</h1>
      <RolesView roles={roles} categories={categories} onChanged={() => void revalidator.revalidate()} />
    </div>
  );
}
