// GET /api/portal/submitters/online (right edit_all_articles): who is signed in now.
import type { OnlineSubmitter } from 'contracts/schemas/articles';
import { apiGet } from 'shared';

export type { OnlineSubmitter };

export async function fetchOnlineSubmitters(signal?: AbortSignal): Promise<OnlineSubmitter[]> {
  const data = await apiGet<OnlineSubmitter[]>('/api/portal/submitters/online', undefined, { signal });
  return Array.isArray(data) ? data : [];
}
