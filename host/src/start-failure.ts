/**
 * The page's own code could not be fetched (a flaky line, or a redeploy removed the chunks this
 * page's index.html names): says so with a Retry that reloads the page, which fetches the current
 * index.html and its chunks, rather than leave a blank page or "Redirecting" for good. Plain DOM on
 * purpose: it must work before React, the theme or any shared chunk has loaded (index.ts uses it).
 */
export function showStartFailure(
  error: unknown,
  container = document.getElementById('root'),
  reload = () => window.location.reload(),
): void {
  console.error('The dashboard could not start', error);
  if (!container) return;
  const panel = document.createElement('section');
  panel.setAttribute('role', 'alert');
  panel.setAttribute('aria-label', 'Dashboard unavailable');
  // The theme's colours, written out: the theme itself is in a chunk that may not have arrived.
  panel.style.cssText =
    'margin:24px;padding:24px;max-width:560px;font-family:system-ui,sans-serif;color:#e6ebf5;' +
    'background:#111a2e;border:1px solid #f59e0b;border-radius:14px;overflow-wrap:anywhere';
  const heading = document.createElement('h2');
  heading.textContent = 'The dashboard could not be loaded';
  const advice = document.createElement('p');
  advice.textContent = 'Part of the page did not download. Check your connection, then retry.';
  advice.style.color = '#93a1bd';
  const reason = document.createElement('small');
  reason.textContent = error instanceof Error ? error.message : String(error);
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = 'Retry';
  retry.style.cssText =
    'padding:8px 16px;border-radius:10px;border:0;background:#3b82f6;color:#fff;cursor:pointer';
  retry.addEventListener('click', () => reload());
  panel.append(heading, advice, reason, document.createElement('p'), retry);
  container.replaceChildren(panel);
}

/** The same, where React already renders into the page's root: React lets go of it first. */
export function failStartIn(root: { unmount(): void }): (error: unknown) => void {
  return (error) => {
    root.unmount();
    showStartFailure(error);
  };
}
