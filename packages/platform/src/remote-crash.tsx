/** Shown inside a remote's own root when its code throws while rendering; the shell stays up. */
export function RemoteCrash({ section, error }: { section: string; error: Error }) {
  return (
    <div
      role="alert"
      style={{ padding: 24, border: '1px solid #ef4444', borderRadius: 10, color: '#e6ebf5' }}
    >
      <h2 style={{ marginTop: 0 }}>{section} stopped working</h2>
      <p>This section hit an error and was stopped. The rest of the dashboard is unaffected.</p>
      <p style={{ color: '#93a1bd', fontFamily: 'monospace' }}>{error.message}</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </div>
  );
}
