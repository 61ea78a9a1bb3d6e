// The tags field: the value the form gets, the request sent, the error shown.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { toast, type Tag } from 'shared';
import { fail, ok, setupStub, type StubServer } from '../test/stubServer';
import { TagsField } from './TagsField';

let server: StubServer;
let value: Tag[] = [];
beforeEach(() => {
  server = setupStub();
  value = [];
});

function Harness({ initial }: { initial: Tag[] }) {
  const [tags, setTags] = useState(initial);
  value = tags;
  return <TagsField value={tags} onChange={setTags} />;
}

const add = (text: string) => {
  fireEvent.change(screen.getByLabelText('Tags'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Add tag' }));
};

describe('TagsField', () => {
  it('adds the created tag once; empty text sends nothing; × removes it', async () => {
    server.on('post', '/api/tag', ok([{ id: 2, title: 'Sport' }]));
    render(<Harness initial={[{ id: 1, title: 'News' }]} />);
    add('   ');
    expect(server.calls).toHaveLength(0);
    add('sport');
    await waitFor(() =>
      expect(value).toEqual([
        { id: 1, title: 'News' },
        { id: 2, title: 'Sport' },
      ]),
    );
    expect(server.calls[0]!.data).toBe('value=sport');
    add('Sport');
    await waitFor(() => expect(server.calls).toHaveLength(2));
    await waitFor(() => expect(screen.getByLabelText('Tags')).toHaveValue(''));
    expect(value).toHaveLength(2);
    fireEvent.click(screen.getByLabelText('Remove tag News'));
    expect(value).toEqual([{ id: 2, title: 'Sport' }]);
  });

  it('a refused tag: the server text as an error toast, the list unchanged', async () => {
    const shown: string[] = [];
    const unsubscribe = toast.subscribe((event) => shown.push(event.message));
    server.on('post', '/api/tag', fail(400, 'Tag too long', 400));
    render(<Harness initial={[]} />);
    add('x');
    await waitFor(() => expect(shown).toContain('Tag too long'));
    expect(value).toEqual([]);
    unsubscribe();
  });
});
