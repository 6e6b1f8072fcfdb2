/**
 * The host's image store: an upstream `AttachmentStore` (`ctx.attachments`)
 * kept in memory. rc.8 publishes the seam (`@deepseek-ai/dsh-attachment`, the
 * abstract class the command executor and the prompt path admit images
 * through) but no backend for it, so the adapter supplies one, as it supplies
 * the model and the user: `/plan` with images (CMD-03, CMD-09) and prompts
 * with images reach the upstream code paths unchanged. Like any deployment's
 * store it admits only images whose bytes are the declared format; objects
 * are content-addressed, and a read is verified against its reference.
 * Nothing survives the process (this host has no persistence, see `restart`).
 */
import { createHash } from 'node:crypto';
import { AttachmentError, AttachmentId, AttachmentStore } from '@deepseek-ai/dsh-attachment';
import type {
  ImageAttachmentLimits,
  ImageAttachmentRef,
  SaveImageAttachment,
  StoredImageAttachment,
} from '@deepseek-ai/dsh-attachment';
import { readImageHeader } from './image-header.js';

/** Generous limits: the kit's images are small; the limits exist because the seam's batch admission reads them. */
export const KIT_IMAGE_LIMITS: ImageAttachmentLimits = Object.freeze({
  maxImageBytes: 8 * 1024 * 1024,
  maxImagesPerMessage: 16,
  maxMessageImageBytes: 32 * 1024 * 1024,
  maxImagePixels: 64 * 1024 * 1024,
  maxImageDimension: 16_384,
  mediaTypes: Object.freeze(['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const),
});

export class MemoryAttachmentStore extends AttachmentStore {
  readonly imageLimits = KIT_IMAGE_LIMITS;
  private readonly objects = new Map<string, Uint8Array>();

  async validateImage(input: SaveImageAttachment): Promise<void> {
    this.admit(input);
  }

  async saveImage(input: SaveImageAttachment): Promise<ImageAttachmentRef> {
    const { width, height } = this.admit(input);
    const id = digest(input.data);
    if (!this.objects.has(id)) this.objects.set(id, new Uint8Array(input.data));
    return {
      attachmentId: AttachmentId(id),
      mediaType: input.mediaType,
      bytes: input.data.byteLength,
      width,
      height,
      ...(input.name === undefined ? {} : { name: input.name }),
    };
  }

  async readImage(ref: ImageAttachmentRef, signal?: AbortSignal): Promise<StoredImageAttachment> {
    signal?.throwIfAborted();
    const data = this.objects.get(String(ref.attachmentId));
    if (data === undefined) throw new AttachmentError(`no stored image ${String(ref.attachmentId)}`, 'ATTACHMENT_NOT_FOUND');
    if (data.byteLength !== ref.bytes || digest(data) !== String(ref.attachmentId)) {
      throw new AttachmentError(`stored image ${String(ref.attachmentId)} does not match its reference`, 'ATTACHMENT_CORRUPT');
    }
    return { ref, data: new Uint8Array(data) };
  }

  /** The admission policy: a supported type, within the limits, whose bytes are that type. */
  private admit(input: SaveImageAttachment): { width: number; height: number } {
    const limits = this.imageLimits;
    if (!limits.mediaTypes.includes(input.mediaType)) {
      throw new AttachmentError(`Image type ${String(input.mediaType)} is not accepted by this deployment.`, 'UNSUPPORTED_IMAGE_TYPE');
    }
    if (input.data.byteLength > limits.maxImageBytes) throw new AttachmentError('Image exceeds the image-byte limit.', 'IMAGE_TOO_LARGE');
    const header = readImageHeader(input.data);
    if (header === undefined) throw new AttachmentError(`Image is not a readable ${input.mediaType} image.`, 'INVALID_IMAGE');
    if (header.mediaType !== input.mediaType) {
      throw new AttachmentError(`Image bytes are ${header.mediaType}, not the declared ${input.mediaType}.`, 'IMAGE_TYPE_MISMATCH');
    }
    if (Math.max(header.width, header.height) > limits.maxImageDimension) {
      throw new AttachmentError('Image exceeds the dimension limit.', 'IMAGE_DIMENSION_TOO_LARGE');
    }
    if (header.width * header.height > limits.maxImagePixels) throw new AttachmentError('Image exceeds the pixel limit.', 'IMAGE_TOO_MANY_PIXELS');
    return { width: header.width, height: header.height };
  }
}

function digest(data: Uint8Array): string {
  return `sha256-${createHash('sha256').update(data).digest('hex')}`;
}
