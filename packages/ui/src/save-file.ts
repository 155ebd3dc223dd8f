/** Hands a file made or downloaded in the browser to the user to save, through a temporary object URL and link. */
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

/** Today's date in IST as files are dated ("2026-01-05"). */
export function istFileDate(now = new Date()): string {
  return now.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
}
