// Authors (spec section 5): a removable list and an autocomplete that asks GET /api/v2/authors?term=
// from 3 characters; with `allowCreate`, a Create author button (POST /api/author/newAuthor) that is
// ignored while another creation runs. A failed call is an error toast. antd Form.Item-compatible:
// `value` / `onChange` with the list of authors.
import AutoComplete from 'antd/es/auto-complete';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createAuthor, searchAuthors, SHARED_NAMESPACE, toast, type AuthorRef } from 'shared';
import { RemovableChips } from './RemovableChips';
import { errorMessage } from 'contracts/rules/error-message';

/** Spec section 5: author autocomplete starts at 3 characters. */
export const AUTHOR_MIN_CHARS = 3;
/** Typing pauses this long before a search goes out (one request per pause, not per key). */
export const AUTHOR_SEARCH_DELAY_MS = 250;

export interface AuthorsFieldProps {
  value?: AuthorRef[];
  onChange?(authors: AuthorRef[]): void;
  disabled?: boolean;
  /** Shows Create author: the typed name becomes a new author, added to the list. */
  allowCreate?: boolean;
  /** Extra content of an author's chip after the name (e.g. the article editor's edit icon). */
  renderExtra?(author: AuthorRef): ReactNode;
}

export function AuthorsField({ value = [], onChange, disabled = false, allowCreate = false, renderExtra }: AuthorsFieldProps) {
  const { t } = useTranslation(SHARED_NAMESPACE, { keyPrefix: 'fields' });
  const [term, setTerm] = useState('');
  const [options, setOptions] = useState<AuthorRef[]>([]);
  const creating = useRef(false);
  const [creatingShown, setCreatingShown] = useState(false);

  useEffect(() => {
    if (term.trim().length < AUTHOR_MIN_CHARS) {
      setOptions([]);
      return undefined;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchAuthors(term.trim(), controller.signal).then(
        (found) => !controller.signal.aborted && setOptions(found),
        (error: unknown) => !controller.signal.aborted && toast.error(errorMessage(error)),
      );
    }, AUTHOR_SEARCH_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

  const choose = (author: AuthorRef) => {
    const id = Number(author.id);
    if (!value.some((known) => known.id === id)) onChange?.([...value, { id, name: author.name }]);
    setTerm('');
    setOptions([]);
  };

  const create = async () => {
    const name = term.trim();
    // Spec section 5: creating an author is ignored while another creation is in progress.
    if (!name || creating.current) return;
    creating.current = true;
    setCreatingShown(true);
    try {
      choose(await createAuthor(name));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      creating.current = false;
      setCreatingShown(false);
    }
  };

  return (
    <Flex vertical gap={8}>
      <RemovableChips
        items={value}
        onChange={onChange}
        disabled={disabled}
        removeLabel={(author) => t('removeAuthor', { name: author.name })}
        renderItem={(author) => (
          <>
            {author.name}
            {renderExtra && !disabled && <> {renderExtra(author)}</>}
          </>
        )}
        data-testid="author-list"
      />
      <Flex gap={8} style={{ maxWidth: 480 }}>
        <AutoComplete
          style={{ flex: 1 }}
          value={term}
          disabled={disabled}
          options={options
            .filter((author) => !value.some((known) => known.id === Number(author.id)))
            .map((author) => ({ value: String(author.id), label: author.name }))}
          onSearch={setTerm}
          onChange={(text: string) => setTerm(text)}
          onSelect={(id: string) => {
            const found = options.find((author) => String(author.id) === id);
            if (found) choose(found);
          }}
          placeholder={t('authorSearch')}
          aria-label={t('authors')}
        />
        {allowCreate && (
          <Button onClick={() => void create()} loading={creatingShown} disabled={disabled || !term.trim()}>
            {t('createAuthor')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
