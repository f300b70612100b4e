/** A file's size for people: "512 bytes", "48 KB", "2.4 MB" (1 KB = 1024 bytes, as the upload limits count). */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
