import AutoComplete from 'antd/es/auto-complete';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchAuthors } from 'shared';
import type { Creator } from '../api/articlesApi';
import { suggestionOptions, suggestionTerm } from '../model/authorSuggest';
import { LIST_PREFIX, NS } from '../i18n';
import { CategoryFilterSelect } from './CategoryFilterSelect';
import { statusFilterName, STATUS_FILTER_VALUES } from 'contracts/rules/article-state';
import { changeFilter, SEARCH_MAX_LENGTH, type ArticleFilter, type FilterField } from '../model/filterModel';

interface Props {
  filter: ArticleFilter;
  onChange(next: ArticleFilter): void;
  /** The category tree and the creators, loaded with the list before the portal opened. */
  categoryTree: unknown;
  creators: readonly Creator[];
}

const STATUS_VALUES: [string, string][] = STATUS_FILTER_VALUES.map((state) => [String(state), `state.${statusFilterName(state)}`]);

/** A text box that applies its value on Enter (or the search button) and follows the filter. */
function SearchBox(props: { value: string; label: string; placeholder: string; testId: string; onSearch(v: string): void }) {
  const { value, label, placeholder, testId, onSearch } = props;
  const { t } = useTranslation(NS, { keyPrefix: LIST_PREFIX });
  const [text, setText] = useState(value);
  const [tooLong, setTooLong] = useState(false);
  useEffect(() => setText(value), [value]);
  return (
    <>
      <Input.Search
        size="small"
        allowClear
        aria-label={label}
        placeholder={placeholder}
        value={text}
        status={tooLong ? 'error' : undefined}
        onChange={(event) => setText(event.target.value)}
        onSearch={(next) => {
          // The server's limit, checked first: one message here instead of its refusal.
          const over = [...next.trim()].length > SEARCH_MAX_LENGTH;
          setTooLong(over);
          if (!over) onSearch(next);
        }}
        style={{ width: 250 }}
        data-testid={testId}
      />
      {tooLong && (
        <Typography.Text type="danger" role="alert" data-testid={`${testId}-too-long`}>
          {t('filters.tooLong', { max: SEARCH_MAX_LENGTH })}
        </Typography.Text>
      )}
    </>
  );
}

/** Waits this long after the last key before asking for author suggestions. */
const SUGGEST_DELAY_MS = 250;

/**
 * The author filter: a text box with suggestions from GET /api/v2/authors?term= once it holds 3
 * characters (spec section 5). Enter (or the search button) applies the text; picking a suggestion
 * applies that name. The filter matches authors by id or by part of the name.
 */
function AuthorBox(props: { value: string; label: string; placeholder: string; onSearch(v: string): void }) {
  const { value, label, placeholder, onSearch } = props;
  const [text, setText] = useState(value);
  const [options, setOptions] = useState<Array<{ value: string; label: string }>>([]);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout> | null; abort: AbortController | null }>({ timer: null, abort: null });
  useEffect(() => setText(value), [value]);

  const stop = () => {
    if (pending.current.timer) clearTimeout(pending.current.timer);
    pending.current.abort?.abort();
    pending.current = { timer: null, abort: null };
  };
  useEffect(() => stop, []);

  const suggest = (next: string) => {
    stop();
    const term = suggestionTerm(next);
    if (term === null) {
      setOptions([]);
      return;
    }
    const abort = new AbortController();
    pending.current = {
      abort,
      timer: setTimeout(() => {
        searchAuthors(term, abort.signal).then(
          (list) => !abort.signal.aborted && setOptions(suggestionOptions(list)),
          () => !abort.signal.aborted && setOptions([]), // suggestions are a convenience: no toast
        );
      }, SUGGEST_DELAY_MS),
    };
  };

  return (
    <AutoComplete
      value={text}
      options={options}
      onSearch={suggest}
      onChange={(next) => setText(next ?? '')}
      onSelect={(picked) => {
        stop();
        setText(picked);
        onSearch(picked);
      }}
      popupMatchSelectWidth={false}
      style={{ width: 250 }}
      data-testid="filter-author"
    >
      <Input.Search
        size="small"
        allowClear
        aria-label={label}
        placeholder={placeholder}
        onSearch={(next) => {
          stop();
          setOptions([]);
          onSearch(next);
        }}
      />
    </AutoComplete>
  );
}

/**
 * The filter panel (right view_all_articles): category, submitter, status, free text, author and
 * featured. Every change goes through the filter model (offset back to 0) and the URL query.
 *
 * The author filter (an author id or part of a name) suggests author names from 3 characters.
 */
export function ArticleFilterPanel({ filter, onChange, categoryTree, creators }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: LIST_PREFIX });
  const creatorChoices = useMemo(() => creators.map((creator) => ({ value: String(creator.id), label: creator.name })), [creators]);

  const set = (field: FilterField) => (value: string | undefined | null) => {
    const change = changeFilter(filter, field, value ?? '');
    if (change.searchChanged) onChange(change.filter);
  };

  return (
    <Flex wrap gap={8} align="center" data-testid="article-filters" role="group" aria-label={t('filters.heading')}>
      <CategoryFilterSelect value={filter.category} categoryTree={categoryTree} onChange={set('category')} />
      <Select<string>
        size="small"
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('filters.submitter')}
        value={filter.user}
        onChange={set('user')}
        style={{ width: 180 }}
        popupMatchSelectWidth={false}
        options={[{ value: '', label: t('filters.allSubmitters') }, ...creatorChoices]}
        data-testid="filter-user"
      />
      <Select<string>
        size="small"
        aria-label={t('filters.status')}
        value={filter.status}
        onChange={set('status')}
        style={{ width: 160 }}
        options={[{ value: '', label: t('filters.anyStatus') }, ...STATUS_VALUES.map(([value, key]) => ({ value, label: t(key) }))]}
        data-testid="filter-status"
      />
      <Select<string>
        size="small"
        aria-label={t('filters.featured')}
        value={filter.featured}
        onChange={set('featured')}
        style={{ width: 150 }}
        options={[
          { value: '', label: `${t('filters.featured')}: ${t('filters.featuredAny')}` },
          { value: '1', label: `${t('filters.featured')}: ${t('filters.featuredYes')}` },
          { value: '0', label: `${t('filters.featured')}: ${t('filters.featuredNo')}` },
        ]}
        data-testid="filter-featured"
      />
      <SearchBox
        value={filter.search}
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        onSearch={set('search')}
        testId="filter-search"
      />
      <AuthorBox value={filter.author} label={t('filters.author')} placeholder={t('filters.authorPlaceholder')} onSearch={set('author')} />
    </Flex>
  );
}
