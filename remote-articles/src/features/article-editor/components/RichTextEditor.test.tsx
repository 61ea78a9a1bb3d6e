import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RichTextEditor, { LinkDialog } from './RichTextEditor';
import '../i18n';

jest.setTimeout(30_000);

describe('the link dialog', () => {
  it('defaults the target to a new window and hands back the URL', async () => {
    const user = userEvent.setup();
    const onOk = jest.fn();
    render(<LinkDialog initialHref="" initialNewWindow onOk={onOk} onCancel={jest.fn()} />);
    expect(screen.getByRole('checkbox', { name: 'Open in a new window' })).toBeChecked();
    await user.type(screen.getByLabelText('URL'), 'https://example.org/story');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onOk).toHaveBeenCalledWith('https://example.org/story', true));
  });

  it('refuses javascript: URLs', async () => {
    const user = userEvent.setup();
    const onOk = jest.fn();
    render(<LinkDialog initialHref="" initialNewWindow onOk={onOk} onCancel={jest.fn()} />);
    await user.type(screen.getByLabelText('URL'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Enter a web address starting with http:// or https://')).toBeInTheDocument();
    expect(onOk).not.toHaveBeenCalled();
  });

  it('keeps an existing link in the same window when it had no target', async () => {
    const user = userEvent.setup();
    const onOk = jest.fn();
    render(<LinkDialog initialHref="https://a.test/" initialNewWindow={false} onOk={onOk} onCancel={jest.fn()} />);
    expect(screen.getByRole('checkbox', { name: 'Open in a new window' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onOk).toHaveBeenCalledWith('https://a.test/', false));
  });
});

describe('the rich-text editor', () => {
  it('reports no change the user did not make: opening, or turning editable, keeps the form value as loaded', async () => {
    // The server's HTML has a line break between paragraphs, which the editor's own HTML has not: a
    // change reported on opening became an unsaved draft ("You have unsaved changes") nobody made.
    const loaded = '<p>One.</p>\n<p>Two.</p>';
    const onChange = jest.fn();
    const { rerender } = render(<RichTextEditor value={loaded} onChange={onChange} label="Text" disabled />);
    rerender(<RichTextEditor value={loaded} onChange={onChange} label="Text" />);
    rerender(<RichTextEditor value={loaded} onChange={onChange} label="Text" disabled />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Text' })).toHaveTextContent('One.Two.'));
    expect(onChange).not.toHaveBeenCalled();
  });
});
