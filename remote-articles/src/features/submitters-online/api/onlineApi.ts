// GET /api/portal/submitters/online (right edit_all_articles): who is signed in now.
import { apiGet } from 'shared';

export interface OnlineSubmitter {
  id: number;
  name: string;
  username: string;
  /** Last use of the session (ISO). */
  lastSeen: string;
}

export async function fetchOnlineSubmitters(signal?: AbortSignal): Promise<OnlineSubmitter[]> {
  const data = await apiGet<OnlineSubmitter[]>('/api/portal/submitters/online', undefined, { signal });
  return Array.isArray(data) ? data : [];
}
