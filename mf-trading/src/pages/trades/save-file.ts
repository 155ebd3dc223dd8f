/** Hands a downloaded file to the browser to save, through a temporary object URL and link. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; let go of it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "trades-2026-01-05.csv", dated in IST as the server dates it. */
export function tradesFilename(now = new Date()): string {
  return `trades-${now.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' })}.csv`;
}
