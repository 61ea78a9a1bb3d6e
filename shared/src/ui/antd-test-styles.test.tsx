import { render, screen } from '@testing-library/react';
import { Button, ConfigProvider, Table } from 'antd';

// jest.setup.frontend.ts turns off antd's style injection for every front-end test (jsdom has no
// layout; matching antd's rules against every node was most of a screen test's CPU time).
test("antd builds its components' styles in tests but injects only their CSS variables into the document", () => {
  render(
    <ConfigProvider theme={{ token: { colorPrimary: '#1f6f82' } }}>
      <Button type="primary">Save</Button>
      <Table rowKey="id" columns={[{ title: 'Title', dataIndex: 'title' }]} dataSource={[{ id: 1, title: 'One' }]} />
    </ConfigProvider>,
  );
  expect(screen.getByRole('button', { name: 'Save' })).toHaveClass('ant-btn');
  // What is left are the theme's and components' CSS variables, one rule per sheet, and the icons'
  // few base rules (@ant-design/icons injects them itself): cheap to match.
  const sheets = [...document.querySelectorAll('style')]
    .map((style) => (style.textContent ?? '').trim())
    .filter((text) => !text.startsWith('.anticon {'));
  const onlyVariables = /^[^{}]+\{(?:--[\w-]+:[^;{}]*;?)*\}$/;
  expect(sheets.length).toBeGreaterThan(0);
  expect(sheets.filter((text) => !onlyVariables.test(text)).map((text) => text.slice(0, 80))).toEqual([]);
});
