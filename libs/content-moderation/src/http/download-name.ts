/**
 * The name a download is saved under: the uploaded name's stem in plain ASCII (nothing a header or a
 * file system could read as a quote, a path or a control), with the extension of the file served.
 */
export function downloadName(originalName: string, servedKey: string): string {
  const stem = originalName
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 _-]+/g, '_')
    .replace(/ *_[ _]*/g, '_')
    .replace(/^[\s_-]+|[\s_-]+$/g, '')
    .slice(0, 100);
  const extension = /\.([a-z0-9]{1,8})$/i.exec(servedKey)?.[1] ?? 'bin';
  return `${stem || 'download'}.${extension}`;
}
