/// <reference types="@testing-library/jest-dom" />
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { standaloneRoutes } from './renderStandalone';

const list = { Component: () => <h1>Import list</h1> };
const editor = { loader: () => ({ id: 7 }), Component: () => <h1>Import editor</h1> };
const routes = standaloneRoutes([
  { path: '/import', screen: list },
  { path: '/import/new', screen: editor },
]);

it("renders the remote's screen at its path, with its loader", async () => {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/import/new'] })} />);
  expect(await screen.findByRole('heading', { name: 'Import editor' })).toBeInTheDocument();
});

it('sends any other path to the first screen', async () => {
  const router = createMemoryRouter(routes, { initialEntries: ['/somewhere/else'] });
  render(<RouterProvider router={router} />);
  expect(await screen.findByRole('heading', { name: 'Import list' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/import');
});
