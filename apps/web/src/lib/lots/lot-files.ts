/** A document attached to the lot's event, as the lot page lists it: a title, the file name and its type. */
export interface LotFile {
  _id: string;
  url: string;
  title: string;
  fileName: string;
  /** The extension in capitals ("PDF"), or "File" when the name has none. */
  type: string;
}

/** The file name at the end of a URL path, decoded ("Terms%20v2.pdf" → "Terms v2.pdf"). */
export function fileNameOf(url: string): string {
  const last = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

export function lotFiles(attachments: readonly { _id: string; url: string; description: string }[]): LotFile[] {
  return attachments.map((a) => {
    const fileName = fileNameOf(a.url);
    const dot = fileName.lastIndexOf('.');
    const type = dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toUpperCase() : 'File';
    return { _id: a._id, url: a.url, title: a.description.trim() || fileName || 'Document', fileName, type };
  });
}
