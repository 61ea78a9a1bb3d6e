/**
 * Video ids (POST /api/image/video): a YouTube video id (11 characters of A–Z a–z 0–9 _ -), or a
 * YouTube address that carries one (watch?v=, youtu.be/, /embed/, /shorts/, /live/). Pure.
 */
import { isHttpUrl } from 'contracts/rules/http-url';

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
  'youtu.be',
]);

/** The 11-character video id, or null when the text is neither an id nor a YouTube address with one. */
export function parseVideoId(raw: string): string | null {
  const text = raw.trim();
  if (VIDEO_ID.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!isHttpUrl(url.href)) return null;
  if (!HOSTS.has(url.hostname.toLowerCase())) return null;
  let candidate: string | null | undefined;
  if (url.hostname.toLowerCase() === 'youtu.be') candidate = url.pathname.split('/')[1];
  else if (url.pathname === '/watch') candidate = url.searchParams.get('v');
  else {
    const match = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(url.pathname);
    candidate = match?.[1];
  }
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}
