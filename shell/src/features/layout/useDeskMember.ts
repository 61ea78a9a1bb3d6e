import { useEffect, useState } from 'react';
import { apiGet, useSession } from 'shared';

/** The desks call: answers the desks the user works on (every desk for manage_desks). */
export const DESKS_URL = '/api/v2/desks';

/**
 * Whether the signed-in user works on a desk (the navbar's Desk link). Asked once per user in the
 * background; no answer (an older API, a failure) counts as no desk: the link stays hidden.
 */
export function useDeskMember(): boolean {
  const userId = useSession((state) => state.user?.id);
  const [member, setMember] = useState(false);
  useEffect(() => {
    setMember(false);
    if (userId === undefined) return;
    const controller = new AbortController();
    apiGet<unknown[]>(DESKS_URL, undefined, { background: true, signal: controller.signal })
      .then((desks) => setMember(Array.isArray(desks) && desks.length > 0))
      .catch(() => undefined);
    return () => controller.abort();
  }, [userId]);
  return member;
}
