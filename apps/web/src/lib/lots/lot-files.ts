import type { PublicLotDocument } from '@lotline/contracts';
import { fileSize } from '../format/file-size';

/** A document of the lot or its event, as the lot page lists it: a title, the file name and its type. */
export interface LotFile {
  _id: string;
  url: string;
  title: string;
  fileName: string;
  /** The extension in capitals ("PDF"), or "File" when the name has none. */
  type: string;
  /** The size for people ("48 KB"); known for the lot's own documents only. */
  size?: string;
}

const typeOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toUpperCase() : 'File';
};

/** The file name at the end of a URL path, decoded ("Terms%20v2.pdf" → "Terms v2.pdf"). */
export function fileNameOf(url: string): string {
  const last = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

export function lotFiles(
  attachments: readonly {
    _id: string;
    url: string;
    description: string;
    /** An uploaded attachment's own name and size (decision 0085); absent for an older link. */
    fileName?: string | null;
    size?: number | null;
  }[],
): LotFile[] {
  return attachments.map((a) => {
    const fileName = a.fileName || fileNameOf(a.url);
    return {
      _id: a._id,
      url: a.url,
      title: a.description.trim() || fileName || 'Document',
      fileName,
      type: typeOf(fileName),
      ...(typeof a.size === 'number' ? { size: fileSize(a.size) } : {}),
    };
  });
}

/** The lot's own documents (decision 0056), listed before its event's: the description, or the file name. */
export function lotDocumentFiles(documents: readonly PublicLotDocument[]): LotFile[] {
  // One upload may be attached twice (two descriptions): the position keeps the keys apart.
  return documents.map((d, position) => ({
    _id: `${position}:${d.url}`,
    url: d.url,
    title: d.description.trim() || d.fileName,
    fileName: d.fileName,
    type: typeOf(d.fileName),
    size: fileSize(d.size),
  }));
}
