import DoubleLeftOutlined from '@ant-design/icons/es/icons/DoubleLeftOutlined';
import DoubleRightOutlined from '@ant-design/icons/es/icons/DoubleRightOutlined';
import Button from 'antd/es/button';
import Pagination from 'antd/es/pagination';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_PREFIX, NS } from '../i18n';
import {
  PAGE_SIZES,
  currentPage,
  firstPage,
  lastPage,
  pagerTotal,
  setPage,
  setPageSize,
  totalPages,
  type ArticleFilter,
  type PageSize,
} from '../model/filterModel';

interface Props {
  filter: ArticleFilter;
  total: number;
  /** The API estimated the total: shown as "about N", and a full page always leaves a next one. */
  totalIsEstimate?: boolean;
  /** Rows on the page shown. */
  rowsOnPage?: number;
  onChange(next: ArticleFilter, options?: { toLastPage?: boolean }): void;
  /** The page-size choice (a filter: shown with view_all_articles, spec section 2). */
  showPageSize?: boolean;
}

/** The first-page or last-page arrow: an icon button named (and titled) by where it goes. */
function JumpButton({ label, icon, disabled, onClick }: { label: string; icon: ReactNode; disabled: boolean; onClick(): void }) {
  return <Button type="text" size="small" icon={icon} aria-label={label} title={label} disabled={disabled} onClick={onClick} />;
}

/** Pagination with first-page and last-page arrows, the page-size choice and the row count. */
export function ArticlePager({ filter, total: reported, totalIsEstimate = false, rowsOnPage = 0, onChange, showPageSize = true }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: LIST_PREFIX });
  const sizeLabelId = useId();
  const page = currentPage(filter);
  const total = pagerTotal(filter, reported, totalIsEstimate, rowsOnPage);
  const pages = totalPages(total, filter.limit);

  return (
    <Space wrap align="center" style={{ width: '100%', justifyContent: 'space-between' }}>
      <Space size={4} align="center">
        <JumpButton label={t('firstPage')} icon={<DoubleLeftOutlined />} disabled={page <= 1} onClick={() => onChange(firstPage(filter))} />
        <Pagination
          size="small"
          current={Math.min(page, pages)}
          pageSize={filter.limit}
          total={total}
          showSizeChanger={false}
          showLessItems
          onChange={(next) => onChange(setPage(filter, next))}
        />
        <JumpButton
          label={t('lastPage')}
          icon={<DoubleRightOutlined />}
          disabled={page >= pages}
          onClick={() => onChange(lastPage(filter, total), { toLastPage: totalIsEstimate })}
        />
      </Space>
      <Space size={8} align="center">
        <Typography.Text type="secondary" data-testid="article-total">
          {totalIsEstimate ? t('totalAbout', { count: reported }) : t('total', { count: reported })}
        </Typography.Text>
        {showPageSize && (
          <>
            <Typography.Text id={sizeLabelId}>{t('pageSize')}</Typography.Text>
            <Select<PageSize>
              size="small"
              aria-labelledby={sizeLabelId}
              value={filter.limit}
              style={{ width: 72 }}
              options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
              onChange={(size) => onChange(setPageSize(filter, size))}
              data-testid="page-size"
            />
          </>
        )}
      </Space>
    </Space>
  );
}
