import { renderRemote, reply } from '@td/platform/test-support';
import { screen, waitFor } from '@testing-library/react';
import { LazyRecentActivityCard } from './dashboard-panels';

describe("the dashboard's lazy cards", () => {
  it('hold their place with their title and a skeleton until their code is in, then show the card', async () => {
    renderRemote(<LazyRecentActivityCard />, {
      remote: 'trading',
      signedIn: true,
      url: '/dashboard',
      ownPaths: ['/dashboard'],
      replies: { 'GET /api/portfolio/activity': reply(200, { success: true, data: [] }) },
    });
    const placeholder = screen.getByRole('region', { name: 'Recent Activity' });
    expect(placeholder).toContainElement(screen.getByRole('status', { name: 'Loading Recent Activity' }));
    // Two lazy imports stand before the card (its code, then its reply's schema with zod): on a busy
    // CI machine they take longer than findBy's default second.
    expect(await screen.findByText('No recent activity', {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Loading Recent Activity' })).not.toBeInTheDocument(),
    );
  });
});
