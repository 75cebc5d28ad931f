/** What an uploaded file is, from its first bytes (never its name or declared type). */
export type MediaFormat =
  | { mediaType: 'image'; format: 'jpeg' | 'png' | 'webp' }
  | { mediaType: 'video'; format: 'mp4' | 'mov' | 'webm' | 'mkv' };

export function sniffMedia(head: Buffer): MediaFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { mediaType: 'image', format: 'jpeg' };
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { mediaType: 'image', format: 'png' };
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP')
    return { mediaType: 'image', format: 'webp' };
  // ISO base media (MP4/MOV): a box size then 'ftyp' and a brand.
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const brand = head.toString('latin1', 8, 12);
    return { mediaType: 'video', format: brand === 'qt  ' ? 'mov' : 'mp4' };
  }
  // Matroska/WebM: the EBML header; the doc type says which.
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) {
    return { mediaType: 'video', format: head.includes(Buffer.from('webm')) ? 'webm' : 'mkv' };
  }
  return null;
}
