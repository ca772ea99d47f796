/** The longest side of a photo as sent: enough to read a scratch or a plate, a few hundred KB as JPEG. */
export const PHOTO_MAX_SIDE = 1600;
const JPEG_QUALITY = 0.82;
/** Photos the wizard accepts (the server allows the same). */
export const MAX_PHOTOS = 20;

/** Hex SHA-256 of some bytes; null where the browser offers no WebCrypto (plain http on a LAN): the server hashes. */
export async function sha256Hex(blob: Blob): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A camera photo made small enough to send over a yard's Wi-Fi: at most PHOTO_MAX_SIDE on its longest side,
 * re-encoded as JPEG (which also drops the EXIF block, GPS included). Something that is not an image is refused here,
 * before it is kept; a small PNG or JPEG is kept as it is.
 */
export async function downscalePhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new Error('not-an-image');
  }
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && (file.type === 'image/jpeg' || file.type === 'image/png') && file.size < 600_000) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('not-an-image'))), 'image/jpeg', JPEG_QUALITY),
  );
}
