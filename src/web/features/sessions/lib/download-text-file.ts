/** Saves `text` as a file through the browser's normal download. */
export function downloadTextFile(fileName: string, text: string, type: string): void {
  // The byte-order mark makes Excel read the file as UTF-8 (names with accents, emoji flags).
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
