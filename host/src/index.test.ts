import { waitFor } from '@testing-library/react';
import { SESSION_TOKEN_KEY } from './auth/session-token-storage';

// The entry script's chunks, as a browser sees them after a redeploy removed them.
jest.mock('./bootstrap', () => {
  throw new Error('Loading chunk bootstrap failed.');
});
jest.mock('./sign-in/sign-in-bootstrap', () => {
  throw new Error('Loading chunk sign-in failed.');
});
jest.mock('./remotes/early-remote', () => ({ readRemotesEarly: jest.fn() }));

/** Runs the entry script afresh, as a page load does. */
function loadPage() {
  jest.isolateModules(() => {
    require('./index');
  });
}

describe('the entry script', () => {
  beforeAll(() => {
    (globalThis as { __FEDERATED__?: boolean }).__FEDERATED__ = false;
  });
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div>';
    window.localStorage.clear();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows a Retry, not a blank page, when the signed-in start cannot be downloaded', async () => {
    window.localStorage.setItem(SESSION_TOKEN_KEY, 'stored-token');
    loadPage();
    await waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toContain(
        'Loading chunk bootstrap failed.',
      ),
    );
    expect(document.querySelector('button')?.textContent).toBe('Retry');
  });

  it('shows a Retry, not a blank page, when the sign-in page cannot be downloaded', async () => {
    loadPage();
    await waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toContain(
        'Loading chunk sign-in failed.',
      ),
    );
  });
});
