/** Calls the API directly (no browser): the `{ code, data, message }` envelope and the HTTP status. */
export async function apiCall(
  base: string,
  method: string,
  url: string,
  body?: Record<string, string>,
  token?: string,
): Promise<{ status: number; body: { code: number; data: unknown; message: string } }> {
  const headers: Record<string, string> = {};
  if (token) headers.AUTHENTICATION = token;
  let payload: string | undefined;
  if (body) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(body).toString();
  }
  const res = await fetch(`${base}${url}`, { method, headers, body: payload });
  return { status: res.status, body: (await res.json()) as { code: number; data: unknown; message: string } };
}
