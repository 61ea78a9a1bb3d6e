/**
 * Text that may still hold the five entities an HTML serialiser escapes (&lt; &gt; &quot; &#39; &amp;),
 * as a reader sees it: those decoded (&amp; last, so "&amp;lt;" reads "&lt;"), runs of white space
 * folded to one space, the ends trimmed. Shared by the import's plain titles (API) and the activity
 * log's HTML values (front end); each drops the tags its own way first.
 */
export function decodeEntitiesAndFoldSpaces(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
