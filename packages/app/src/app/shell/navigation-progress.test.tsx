import { act, render, screen, waitFor } from '@testing-library/react';
import { Link, Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NavigationProgress } from './navigation-progress';

/** A router whose second page's code arrives only when the test says so (a slow network's lazy chunk). */
function slowRouter() {
  let arrive: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <header>
              <NavigationProgress />
            </header>
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <Link to="/next">Next page</Link> },
          {
            path: '/next',
            lazy: async () => {
              await arrived;
              return { Component: () => <h1>Next page’s content</h1> };
            },
          },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  return { router, arrive };
}

describe('given a page whose code is slow to arrive', () => {
  it('should show a "Loading page" bar while it loads, and take it away once the page is shown', async () => {
    const { router, arrive } = slowRouter();
    render(<RouterProvider router={router} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    act(() => screen.getByRole('link', { name: 'Next page' }).click());

    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    // The page asked for is still up meanwhile: the bar is the only sign.
    expect(screen.getByRole('link', { name: 'Next page' })).toBeInTheDocument();

    await act(async () => arrive());
    expect(await screen.findByRole('heading', { name: 'Next page’s content' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });

  it('should show no bar at all for a switch quicker than a blink', async () => {
    const { router, arrive } = slowRouter();
    render(<RouterProvider router={router} />);
    let barSeen = false;
    const watcher = new MutationObserver(() => {
      barSeen ||= document.querySelector('[role="progressbar"]') !== null;
    });
    watcher.observe(document.body, { childList: true, subtree: true });
    act(() => screen.getByRole('link', { name: 'Next page' }).click());
    // The page's code arrives after 50 ms, well under the bar's delay.
    setTimeout(arrive, 50);
    expect(await screen.findByRole('heading', { name: 'Next page’s content' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    watcher.disconnect();
    expect(barSeen).toBe(false);
  });
});
