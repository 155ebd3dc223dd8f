/** The banner's Restart: a full browser reload, kept in its own module so tests can replace it. */
export function reloadPage(): void {
  window.location.reload();
}
