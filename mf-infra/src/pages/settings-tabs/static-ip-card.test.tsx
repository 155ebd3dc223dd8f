import type { UpstoxStaticIp } from '@td/contracts';
import { renderRemote } from '@td/platform/test-support';
import { screen } from '@testing-library/react';
import { ok } from './settings-tabs-test-data';
import { StaticIpCard } from './static-ip-card';

const fromUpstox: UpstoxStaticIp = {
  address: '122.181.101.247',
  secondary_address: '128.1.1.2',
  source: 'upstox',
  checked_at: '2026-01-05T04:00:00.000Z',
  configured_address: null,
  changed_from: null,
  configured_mismatch: false,
  note: null,
};

const renderCard = (ip: UpstoxStaticIp) =>
  renderRemote(<StaticIpCard />, {
    remote: 'infra',
    signedIn: true,
    url: '/settings',
    ownPaths: ['/settings'],
    replies: { 'GET /api/upstox/static-ip': ok(ip) },
  });

describe('Static IP card', () => {
  it('shows the addresses registered with Upstox and says when Upstox was asked', async () => {
    renderCard(fromUpstox);
    expect(await screen.findByText('122.181.101.247')).toBeInTheDocument();
    expect(screen.getByText('128.1.1.2')).toBeInTheDocument();
    expect(screen.getByText('From Upstox')).toBeInTheDocument();
    expect(
      screen.getByText(
        /^Registered with Upstox for this account \(asked once this Upstox session, 5 Jan, 09:30 IST\)$/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /changed/ })).toBeNull();
    expect(screen.queryByText(/changed since the last Upstox session/)).toBeNull();
  });

  it('warns when the address changed since the last Upstox session', async () => {
    renderCard({
      ...fromUpstox,
      address: '49.37.189.45',
      secondary_address: null,
      changed_from: '122.181.101.247',
    });
    expect(await screen.findByText('Static IP changed since the last Upstox session')).toBeInTheDocument();
    expect(screen.getByText(/It was 122\.181\.101\.247 and is now 49\.37\.189\.45\./)).toBeInTheDocument();
  });

  it('says plainly that a configured address was not confirmed by Upstox, and why Upstox was not asked', async () => {
    renderCard({
      ...fromUpstox,
      address: '203.0.113.10',
      secondary_address: null,
      source: 'configured',
      checked_at: null,
      configured_address: '203.0.113.10',
      note: 'Upstox was not asked: it is asked once your Upstox account is connected.',
    });
    expect(await screen.findByText('203.0.113.10')).toBeInTheDocument();
    expect(screen.getByText('Configured')).toBeInTheDocument();
    expect(
      screen.getByText('UPSTOX_STATIC_IP on the API server (not confirmed by Upstox)'),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Upstox was not asked/)).toBeInTheDocument();
  });

  it('warns when the configured address is not one Upstox has registered', async () => {
    renderCard({ ...fromUpstox, configured_address: '203.0.113.10', configured_mismatch: true });
    expect(await screen.findByText('Configured address not registered with Upstox')).toBeInTheDocument();
    expect(screen.getByText(/UPSTOX_STATIC_IP on the API server is 203\.0\.113\.10/)).toBeInTheDocument();
  });
});
