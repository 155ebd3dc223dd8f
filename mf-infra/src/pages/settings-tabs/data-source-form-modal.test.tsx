import { type Responder, renderRemote, reply } from '@td/platform/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import { DataSourceFormModal } from './data-source-form-modal';
import { ok, SOURCES } from './settings-tabs-test-data';

const STORED = SOURCES[2]!; // My quotes, https://quotes.example.com/v1, key sk_live_••••••••
const PUT = `PUT /api/data-sources/${STORED.id}`;
const MOVED =
  'The endpoint moves from https://quotes.example.com to https://other.example.net: enter the API key again ' +
  'or remove the stored key (an empty apiKey removes it). The stored key is only ever sent to https://quotes.example.com.';

function renderEditor(put: Responder) {
  const onClose = jest.fn();
  const view = renderRemote(<DataSourceFormModal open editing={STORED} onClose={onClose} />, {
    remote: 'infra',
    signedIn: true,
    url: '/settings',
    ownPaths: ['/settings'],
    replies: { 'GET /api/data-sources': ok(SOURCES), [PUT]: put },
  });
  const dialog = screen.getByRole('dialog');
  const saved = () => view.requests.filter((r) => r.path === `/api/data-sources/${STORED.id}`);
  return { ...view, dialog, onClose, saved };
}

describe('editing a custom source with a stored API key', () => {
  it('Remove stored key sends an empty key, which the server takes as removing it', async () => {
    const view = renderEditor(ok({ ...STORED, api_key_masked: null, api_key_required: false }));
    const key = within(view.dialog).getByLabelText(/^API key/);
    await view.user.type(key, 'half-typed');
    await view.user.click(within(view.dialog).getByRole('checkbox', { name: 'Remove stored key' }));
    expect(key).toBeDisabled();
    expect(key).toHaveValue('');
    expect(within(view.dialog).getByText(/it will be removed when you save/)).toBeInTheDocument();
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Save & Validate' }));
    await waitFor(() => expect(view.onClose).toHaveBeenCalled());
    expect(view.saved()).toHaveLength(1);
    expect(view.saved()[0]!.body).toMatchObject({ endpoint: STORED.endpoint, apiKey: '' });
  });

  it('leaves the key out when the field is left empty, so the stored key is kept', async () => {
    const view = renderEditor(ok(STORED));
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Save & Validate' }));
    await waitFor(() => expect(view.onClose).toHaveBeenCalled());
    expect(view.saved()[0]!.body).not.toHaveProperty('apiKey');
  });

  it("shows the server's sentence next to the key field when the endpoint moves to another site, then removes the key", async () => {
    let calls = 0;
    const view = renderEditor(() =>
      calls++ === 0
        ? reply(422, { success: false, error: MOVED, code: 'api_key_for_other_site' })
        : reply(200, { success: true, data: { ...STORED, endpoint: 'https://other.example.net/q' } }),
    );
    const endpoint = within(view.dialog).getByLabelText('Endpoint URL');
    await view.user.clear(endpoint);
    await view.user.type(endpoint, 'https://other.example.net/q');
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Save & Validate' }));
    const problem = await within(view.dialog).findByRole('alert');
    expect(problem).toHaveTextContent(MOVED);
    const key = within(view.dialog).getByLabelText(/^API key/);
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(key).toHaveAccessibleDescription(MOVED);
    expect(within(view.dialog).queryByText(/^Validation failed/)).toBeNull();
    expect(view.onClose).not.toHaveBeenCalled();

    await view.user.click(within(view.dialog).getByRole('checkbox', { name: 'Remove stored key' }));
    expect(within(view.dialog).queryByRole('alert')).toBeNull();
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Save & Validate' }));
    await waitFor(() => expect(view.onClose).toHaveBeenCalled());
    expect(view.saved()[1]!.body).toMatchObject({ endpoint: 'https://other.example.net/q', apiKey: '' });
  });

  it('offers no Remove stored key for a source without a key', () => {
    renderRemote(
      <DataSourceFormModal open editing={{ ...STORED, api_key_masked: null }} onClose={jest.fn()} />,
      {
        remote: 'infra',
        signedIn: true,
        url: '/settings',
        ownPaths: ['/settings'],
        replies: {},
      },
    );
    expect(screen.queryByRole('checkbox', { name: 'Remove stored key' })).toBeNull();
    expect(screen.getByText(/optional; sent as a Bearer token/)).toBeInTheDocument();
  });
});
