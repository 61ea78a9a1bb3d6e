import type { LoaderFunctionArgs } from 'react-router-dom';
import { useLoaderData } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Creator } from 'contracts/schemas/importers';
import type { Desk } from 'contracts/schemas/desks';
import { requireRight } from 'shared';
import { buildMark } from 'shared/ui/buildMark';
import { DESK_NS } from '../../features/board';
import { DeskAdminView, fetchAllDesks, fetchPeople } from '../../features/desk-admin';

interface ManageData {
  desks: Desk[];
  people: Creator[];
}

export async function manageLoader({ request }: LoaderFunctionArgs): Promise<ManageData> {
  requireRight('manage_desks');
  const [desks, people] = await Promise.all([fetchAllDesks(request.signal), fetchPeople(request.signal)]);
  return { desks, people };
}

/** /desk/manage: desks, their members and stages (right manage_desks). */
export function ManageScreen() {
  const { t } = useTranslation(DESK_NS);
  const { desks, people } = useLoaderData() as ManageData;
  return (
    <div data-testid="desk-manage-screen" {...buildMark('remote-desk')} style={{ padding: 24 }}>
      <h1 style={{ marginTop: 0 }}>{t('admin.title')}</h1>
      <DeskAdminView desks={desks} people={people} />
    </div>
  );
}
