/**
 * The host's image store: an upstream `AttachmentStore` (`ctx.attachments`)
 * kept in the run's store folder, one file per object. rc.8 publishes the seam (`@deepseek-ai/dsh-attachment`, the
 * abstract class the command executor and the prompt path admit images
 * through) but no backend for it, so the adapter supplies one, as it supplies
 * the model and the user: `/plan` with images (CMD-03, CMD-09) and prompts
 * with images reach the upstream code paths unchanged. Like any deployment's
 * store it admits only images whose bytes are the declared format; objects
 * are content-addressed, and a read is verified against its reference.
 * Objects are files, so images a session log refers to are still readable
 * after a restart, as the log itself is (persistence.ts).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from '@deepseek-ai/cordis';
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

export interface FileAttachmentStoreConfig {
  /** The folder holding the objects (created at the first save). */
  root: string;
}

export class FileAttachmentStore extends AttachmentStore {
  readonly imageLimits = KIT_IMAGE_LIMITS;
  private readonly root: string;

  constructor(ctx: Context, config: FileAttachmentStoreConfig) {
    super(ctx);
    this.root = config.root;
  }

  async validateImage(input: SaveImageAttachment): Promise<void> {
    this.admit(input);
  }

  async saveImage(input: SaveImageAttachment): Promise<ImageAttachmentRef> {
    const { width, height } = this.admit(input);
    const id = digest(input.data);
    await mkdir(this.root, { recursive: true });
    // Content-addressed: an object already saved holds these very bytes.
    await writeFile(join(this.root, id), input.data, { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
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
    const data = await this.readObject(String(ref.attachmentId));
    if (data === undefined)
      throw new AttachmentError(`no stored image ${String(ref.attachmentId)}`, 'ATTACHMENT_NOT_FOUND');
    if (data.byteLength !== ref.bytes || digest(data) !== String(ref.attachmentId)) {
      throw new AttachmentError(
        `stored image ${String(ref.attachmentId)} does not match its reference`,
        'ATTACHMENT_CORRUPT',
      );
    }
    return { ref, data: new Uint8Array(data) };
  }

  /** An object's bytes, or undefined when none has that id (ids are digests, so never a path: no traversal). */
  private async readObject(id: string): Promise<Uint8Array | undefined> {
    if (!/^sha256-[0-9a-f]{64}$/.test(id)) return undefined;
    try {
      return new Uint8Array(await readFile(join(this.root, id)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** The admission policy: a supported type, within the limits, whose bytes are that type. */
  private admit(input: SaveImageAttachment): { width: number; height: number } {
    const limits = this.imageLimits;
    if (!limits.mediaTypes.includes(input.mediaType)) {
      throw new AttachmentError(
        `Image type ${String(input.mediaType)} is not accepted by this deployment.`,
        'UNSUPPORTED_IMAGE_TYPE',
      );
    }
    if (input.data.byteLength > limits.maxImageBytes)
      throw new AttachmentError('Image exceeds the image-byte limit.', 'IMAGE_TOO_LARGE');
    const header = readImageHeader(input.data);
    if (header === undefined)
      throw new AttachmentError(`Image is not a readable ${input.mediaType} image.`, 'INVALID_IMAGE');
    if (header.mediaType !== input.mediaType) {
      throw new AttachmentError(
        `Image bytes are ${header.mediaType}, not the declared ${input.mediaType}.`,
        'IMAGE_TYPE_MISMATCH',
      );
    }
    if (Math.max(header.width, header.height) > limits.maxImageDimension) {
      throw new AttachmentError('Image exceeds the dimension limit.', 'IMAGE_DIMENSION_TOO_LARGE');
    }
    if (header.width * header.height > limits.maxImagePixels)
      throw new AttachmentError('Image exceeds the pixel limit.', 'IMAGE_TOO_MANY_PIXELS');
    return { width: header.width, height: header.height };
  }
}

function digest(data: Uint8Array): string {
  return `sha256-${createHash('sha256').update(data).digest('hex')}`;
}
