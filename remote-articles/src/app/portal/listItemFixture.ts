import { render } from '@testing-library/react';
import { createElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ArticleListItem } from '../../features/article-list/api/articlesApi';
import { screens } from '../../routes';

/** An article list row for the portal's screen tests: published, not featured, no publish times. */
export const listItem = (id: number, patch: Partial<ArticleListItem> = {}): ArticleListItem => ({
  id,
  title: `Article ${id}`,
  catid: 10,
  date: '2024-05-01 10:30:00',
  state: 1,
  access: 1,
  featured: 0,
  newsletter: 0,
  createdBy: 1,
  author: `Author ${id}`,
  url: `https://news.test/${id}`,
  thumb: null,
  main_category: null,
  articleType: 'article',
  publish_up: null,
  publish_up_pending: false,
  publish_down: null,
  desk_id: null,
  stage_id: null,
  assignees: [],
  deadline: null,
  planned_slot: null,
  target_words: null,
  overdue: false,
  ...patch,
});

/** The portal screen at `initialUrl` in a memory router (its loader and screen, as the host routes them). */
export function renderPortal(initialUrl = '/articles') {
  const router = createMemoryRouter(
    [{ path: '/articles', loader: screens.portal.loader, Component: screens.portal.Component, HydrateFallback: () => null }],
    { initialEntries: [initialUrl] },
  );
  render(createElement(RouterProvider, { router }));
  return router;
}
