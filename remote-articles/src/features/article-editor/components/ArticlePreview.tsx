// The article preview (spec section 2): the image at most 400px high with its caption, title,
// intro HTML, notes, authors and references. Drawn from the form as it is now; the intro HTML is
// user content that is sanitised only when saved, so it renders in a sandboxed frame (no scripts,
// no navigation of this page).
import { PREVIEW_IMAGE_MAX_HEIGHT_PX } from 'contracts/rules/constants';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_PREFIX, NS } from '../i18n';
import type { EditorFormValues } from '../model/formMapping';
import { effectiveMainImage } from '../model/images';
import { referenceDateForForm } from '../model/dates';

const FRAME_STYLE = `<style>body{margin:0;font:14px/1.5 -apple-system,"Segoe UI",Roboto,sans-serif;color:#1f1f1f}img{max-width:100%;max-height:${PREVIEW_IMAGE_MAX_HEIGHT_PX}px}</style>`;

export function ArticlePreview({ values }: { values: Partial<EditorFormValues> }) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: `${EDITOR_PREFIX}.preview` });
  const images = values.images ?? [];
  const mainId = effectiveMainImage(images, values.main_image ?? null);
  const image = images.find((candidate) => candidate.id === mainId);
  const authors = (values.authors ?? []).map((author) => author.name).filter(Boolean);
  // Placeholder dates (1970-01-01, 0000-00-00) mean no date (spec section 5), whatever put them in the form.
  const referenceDate = referenceDateForForm(values.reference_date);
  const hasReferences = !!(values.reference_source || values.reference_url || referenceDate);
  return (
    <Flex vertical gap={8} data-testid="article-preview">
      {image && (
        <figure style={{ margin: 0 }}>
          <img
            src={image.url}
            alt={image.description || image.file_name}
            data-testid="preview-image"
            style={{ maxHeight: PREVIEW_IMAGE_MAX_HEIGHT_PX, maxWidth: '100%', display: 'block' }}
          />
          {image.description && (
            <figcaption>
              <Typography.Text type="secondary">{image.description}</Typography.Text>
            </figcaption>
          )}
        </figure>
      )}
      <Typography.Title level={4} style={{ margin: 0 }}>
        {values.title?.trim() || t('noTitle')}
      </Typography.Title>
      {values.introtext && <IntroFrame html={values.introtext} />}
      {values.notes && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{values.notes}</Typography.Paragraph>}
      {authors.length > 0 && <Typography.Text italic>{t('authors', { names: authors.join(', ') })}</Typography.Text>}
      {hasReferences && (
        <div>
          <Typography.Text strong>{t('references')}</Typography.Text>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {values.reference_source && <li>{t('source', { source: values.reference_source })}</li>}
            {referenceDate && <li data-testid="preview-reference-date">{t('date', { date: formatDay(referenceDate, i18n.language) })}</li>}
            {values.reference_url && (
              <li>
                <Typography.Link href={values.reference_url} target="_blank" rel="noopener noreferrer">
                  {values.reference_url}
                </Typography.Link>
              </li>
            )}
          </ul>
        </div>
      )}
    </Flex>
  );
}

/** 'YYYY-MM-DD' as the user's language writes a day (read as a calendar day, not a UTC instant). */
function formatDay(day: string, language: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const value = new Date(year ?? 0, (month ?? 1) - 1, date ?? 1);
  return Number.isNaN(value.getTime()) ? day : new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(value);
}

/**
 * The intro HTML in an iframe sandboxed without scripts: `allow-same-origin` only lets this page
 * measure the content height; nothing inside can run.
 */
function IntroFrame({ html }: { html: string }) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(80);
  return (
    <iframe
      ref={ref}
      title="intro"
      sandbox="allow-same-origin"
      srcDoc={`<!doctype html><html><head><meta charset="utf-8">${FRAME_STYLE}</head><body>${html}</body></html>`}
      style={{ border: 0, width: '100%', height }}
      data-testid="preview-intro"
      onLoad={() => {
        const body = ref.current?.contentDocument?.body;
        if (body) setHeight(Math.min(600, Math.max(40, body.scrollHeight + 8)));
      }}
    />
  );
}
