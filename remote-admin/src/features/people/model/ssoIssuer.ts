/** How a single sign-on issuer is named on a user's tag: its host (with a port, a path when it has one), else the text as given. */
export function issuerLabel(issuer: string): string {
  try {
    const url = new URL(issuer);
    const path = url.pathname.replace(/\/+$/, '');
    return `${url.host}${path}`;
  } catch {
    return issuer;
  }
}
