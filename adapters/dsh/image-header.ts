/**
 * What an image's own header says: its format and pixel size, for the four
 * raster formats the upstream attachment seam accepts (PNG, JPEG, WebP, GIF).
 * The adapter's attachment store admits an image only when its bytes are the
 * declared format and says how large it is (an upstream `ImageAttachmentRef`
 * records both). Pure functions over bytes.
 */
import type { ImageMediaType } from '@deepseek-ai/dsh-attachment';

export interface ImageHeader {
  mediaType: ImageMediaType;
  width: number;
  height: number;
}

/** The format and size the bytes declare, or `undefined` when they are none of the four formats (or truncated). */
export function readImageHeader(bytes: Uint8Array): ImageHeader | undefined {
  return pngHeader(bytes) ?? gifHeader(bytes) ?? jpegHeader(bytes) ?? webpHeader(bytes);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);
}

function ascii(bytes: Uint8Array, at: number, text: string): boolean {
  return startsWith(
    bytes,
    [...text].map((char) => char.charCodeAt(0)),
    at,
  );
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The first chunk after the signature is IHDR: width and height, big-endian. */
function pngHeader(bytes: Uint8Array): ImageHeader | undefined {
  if (!startsWith(bytes, PNG_SIGNATURE) || bytes.length < 24 || !ascii(bytes, 12, 'IHDR')) return undefined;
  return sized('image/png', view(bytes).getUint32(16), view(bytes).getUint32(20));
}

/** The logical screen size, little-endian, after `GIF87a` / `GIF89a`. */
function gifHeader(bytes: Uint8Array): ImageHeader | undefined {
  if (!(ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) || bytes.length < 10) return undefined;
  return sized('image/gif', view(bytes).getUint16(6, true), view(bytes).getUint16(8, true));
}

/** Walks the marker segments to the first start-of-frame (SOF0-SOF15 but DHT, JPG and DAC). */
function jpegHeader(bytes: Uint8Array): ImageHeader | undefined {
  if (!startsWith(bytes, [0xff, 0xd8])) return undefined;
  const data = view(bytes);
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = data.getUint16(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame)
      return at + 9 <= bytes.length ? sized('image/jpeg', data.getUint16(at + 7), data.getUint16(at + 5)) : undefined;
    at += 2 + length;
  }
  return undefined;
}

/** RIFF/WEBP with a VP8 (lossy), VP8L (lossless) or VP8X (extended) first chunk. */
function webpHeader(bytes: Uint8Array): ImageHeader | undefined {
  if (!ascii(bytes, 0, 'RIFF') || !ascii(bytes, 8, 'WEBP') || bytes.length < 30) return undefined;
  const data = view(bytes);
  if (ascii(bytes, 12, 'VP8 '))
    return sized('image/webp', data.getUint16(26, true) & 0x3fff, data.getUint16(28, true) & 0x3fff);
  if (ascii(bytes, 12, 'VP8L')) {
    const bits = data.getUint32(21, true);
    return sized('image/webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (ascii(bytes, 12, 'VP8X')) {
    const width = 1 + (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16));
    const height = 1 + (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16));
    return sized('image/webp', width, height);
  }
  return undefined;
}

function sized(mediaType: ImageMediaType, width: number, height: number): ImageHeader | undefined {
  return width > 0 && height > 0 ? { mediaType, width, height } : undefined;
}
