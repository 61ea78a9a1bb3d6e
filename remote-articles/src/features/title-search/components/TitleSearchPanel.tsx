import { PAGE_SIZES } from 'contracts/rules/constants';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Pagination from 'antd/es/pagination';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRight } from 'shared';
import { LongText } from 'shared/ui/LongText';
import { sortableColumn } from '../../../ui/sortableColumn';
import { useTitleSearch } from '../hooks/useTitleSearch';
import { NS, TITLE_SEARCH_PREFIX } from '../i18n';
import { formatResultDate } from '../model/formatResultDate';
import {
  isSearchPageSize,
  openTarget,
  SEARCH_TERM_MAX_LENGTH,
  type SearchResultItem,
  type SearchSort,
  type TitleSearchState,
} from '../model/titleSearchModel';

interface Props {
  /** Opens an article in the editor (users with view_all_articles). */
  onOpen(id: number): void;
}

/** A results column sorted by its whole header cell. */
function sortable(
  column: SearchSort,
  label: string,
  title: string,
  state: TitleSearchState,
  onSort: (c: SearchSort) => void,
  t: (key: string) => string,
) {
  const sorted = state.sort === column ? (state.sortDir === 'ASC' ? 'ascending' : 'descending') : undefined;
  return sortableColumn({
    label,
    title,
    stateText: sorted === 'ascending' ? t('sortedAsc') : t('sortedDesc'),
    sorted,
    onSort: () => onSort(column),
    buttonProps: { 'data-search-sort': column },
  });
}

/** The results' columns; a title opens the editor (view_all_articles) or the public page in a new tab. */
function useResultColumns(
  state: TitleSearchState,
  sortBy: (column: SearchSort) => void,
  onOpen: (id: number) => void,
): ColumnsType<SearchResultItem> {
  const { t, i18n } = useTranslation(NS, { keyPrefix: TITLE_SEARCH_PREFIX });
  const canViewAll = useRight('view_all_articles');
  const open = (item: SearchResultItem) => {
    const target = openTarget(item, canViewAll);
    if (target.kind === 'editor') onOpen(target.id);
    else if (target.kind === 'public') window.open(target.url, '_blank', 'noopener,noreferrer');
  };

  return [
    { key: 'id', dataIndex: 'id', width: 80, title: t('columns.id') },
    {
      key: 'title',
      ...sortable('title', t('columns.title'), t('sortByTitle'), state, sortBy, t),
      render: (_: unknown, item) => {
        const target = openTarget(item, canViewAll);
        if (target.kind === 'public') {
          return (
            <Typography.Link href={target.url} target="_blank" rel="noopener noreferrer" title={t('openPublic')}>
              <LongText text={item.title} />
            </Typography.Link>
          );
        }
        if (target.kind === 'editor') {
          return (
            <Typography.Link onClick={() => open(item)} title={t('openEditor', { id: item.id })} data-open-article={item.id}>
              <LongText text={item.title} />
            </Typography.Link>
          );
        }
        return <LongText text={item.title} />;
      },
    },
    {
      key: 'date',
      width: 130,
      ...sortable('modified', t('columns.date'), t('sortByModified'), state, sortBy, t),
      render: (_: unknown, item) => (
        <span title={t('modified', { date: formatResultDate(item.modified, i18n.language) })}>
          {formatResultDate(item.date, i18n.language)}
        </span>
      ),
    },
  ];
}

/** The title box with Go (Enter too) and the general search box (Enter, its button, its clear button). */
function SearchBoxes({ tooLong, onSearch }: { tooLong: boolean; onSearch(kind: 'title' | 'text', term: string): void }) {
  const { t } = useTranslation(NS, { keyPrefix: TITLE_SEARCH_PREFIX });
  const [titleText, setTitleText] = useState('');
  const [text, setText] = useState('');
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          size="small"
          aria-label={t('titleBox')}
          placeholder={t('titlePlaceholder')}
          value={titleText}
          onChange={(event) => setTitleText(event.target.value)}
          onPressEnter={() => onSearch('title', titleText)}
          status={tooLong ? 'error' : undefined}
          data-testid="title-search-title"
        />
        <Button size="small" type="primary" onClick={() => onSearch('title', titleText)} data-testid="title-search-go">
          {t('go')}
        </Button>
      </Space.Compact>
      <Input.Search
        size="small"
        allowClear
        aria-label={t('textBox')}
        placeholder={t('textPlaceholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        // Enter, the search button, and the clear button (antd sends '') all land here.
        onSearch={(value) => onSearch('text', value)}
        status={tooLong ? 'error' : undefined}
        data-testid="title-search-text"
      />
    </>
  );
}

/**
 * "Search all titles (5 word limit)" (spec sections 2 and 5): its own page size, a title box with Go,
 * a general search box (Enter), a spinner, results (id, title, date) sorted by title or modified
 * date. Opening a result: the editor with view_all_articles, else the public url in a new tab.
 */
export function TitleSearchPanel({ onOpen }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: TITLE_SEARCH_PREFIX });
  const { state, search, setLimit, sortBy, goToPage } = useTitleSearch();
  const headingId = useId();
  const sizeId = useId();
  const busy = state.running !== null;

  const columns = useResultColumns(state, sortBy, onOpen);

  return (
    <section aria-labelledby={headingId} data-testid="title-search">
      <Flex vertical gap={8}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Title level={5} id={headingId} style={{ margin: 0 }}>
            {t('heading')}
          </Typography.Title>
          <Space size={4} align="center">
            <Typography.Text type="secondary" id={sizeId}>
              {t('pageSize')}
            </Typography.Text>
            <Select<number>
              size="small"
              aria-labelledby={sizeId}
              value={state.limit}
              onChange={(value) => isSearchPageSize(value) && setLimit(value)}
              options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
              style={{ width: 72 }}
              data-testid="title-search-size"
            />
          </Space>
        </Flex>
        <SearchBoxes tooLong={state.tooLong} onSearch={search} />
        {/* One message: a failed search is the error toast (spec section 8), not also a text here. */}
        {state.tooLong && (
          <Typography.Text type="danger" role="alert" data-testid="title-search-too-long">
            {t('tooLong', { max: SEARCH_TERM_MAX_LENGTH })}
          </Typography.Text>
        )}
        <Spin spinning={busy} description={t('searching')} size="small">
          {state.query && !state.error && (
            <Table<SearchResultItem>
              size="small"
              rowKey="id"
              aria-label={t('results')}
              columns={columns}
              dataSource={state.items}
              pagination={false}
              locale={{ emptyText: busy ? ' ' : t('noRecords') }}
              data-testid="title-search-results"
            />
          )}
        </Spin>
        {state.query && state.total > 0 && (
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text type="secondary" data-testid="title-search-total">
              {t('total', { count: state.total })}
            </Typography.Text>
            <Pagination
              size="small"
              simple
              current={state.page}
              pageSize={state.limit}
              total={state.total}
              showSizeChanger={false}
              onChange={(page) => goToPage(page)}
            />
          </Flex>
        )}
      </Flex>
    </section>
  );
}
