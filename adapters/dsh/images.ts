/**
 * Images between the contract and the upstream host. The contract carries an
 * image as its bytes (base64) and media type; upstream messages carry a
 * durable reference (`{ type: 'image', attachment: ImageAttachmentRef }`)
 * into `ctx.attachments`. Attached images are admitted through the seam's
 * own wire entry (`admitEncodedImages`, what the prompt endpoint and the
 * command executor use); images in messages and log events are read back
 * through `ctx.attachments.readImage`, so the kit sees the bytes that reached
 * the model.
 */
import type { Context } from '@deepseek-ai/cordis';
import { admitEncodedImages } from '@deepseek-ai/dsh-attachment';
import type { EncodedImageAttachment, ImageAttachmentRef, ImageMediaType } from '@deepseek-ai/dsh-attachment';
import type { ImageBlock as UpstreamImageBlock } from '@deepseek-ai/dsh-llm';
import type { ContentBlock, ImageBlock } from '../../src/index.js';

/** The parts of an upstream content block this adapter reads. */
export interface UpstreamBlock {
  type: string;
  text?: string;
  attachment?: Pick<ImageAttachmentRef, 'attachmentId' | 'mediaType'>;
}

/** Images read back from the store, by attachment id. */
export type ResolvedImages = ReadonlyMap<string, ImageBlock>;
export const NO_IMAGES: ResolvedImages = new Map();

/** The contract's images in the upload form the command executor takes (`commands.execute`'s `images`). */
export function toEncodedImages(images: readonly ImageBlock[]): EncodedImageAttachment[] {
  // The media type is checked by the store's admission, which refuses types it does not accept.
  return images.map((image) => ({ mediaType: image.mediaType as ImageMediaType, data: image.data }));
}

/** Admits attached images into the host's store, in order, as the prompt endpoint does; rejects as the store refuses. */
export async function admitImages(ctx: Context, images: readonly ImageBlock[]): Promise<UpstreamImageBlock[]> {
  if (images.length === 0) return [];
  const refs = await admitEncodedImages(attachmentStore(ctx), toEncodedImages(images));
  return refs.map((attachment) => ({ type: 'image', attachment }));
}

/** Reads back every image the blocks reference. A reference the store cannot read fails loudly. */
export async function resolveImages(ctx: Context, blocks: Iterable<UpstreamBlock>): Promise<ResolvedImages> {
  const resolved = new Map<string, ImageBlock>();
  for (const block of blocks) {
    if (block.type !== 'image' || block.attachment === undefined) continue;
    const id = String(block.attachment.attachmentId);
    if (resolved.has(id)) continue;
    const stored = await attachmentStore(ctx).readImage(block.attachment as ImageAttachmentRef);
    resolved.set(id, {
      type: 'image',
      mediaType: stored.ref.mediaType,
      data: Buffer.from(stored.data).toString('base64'),
    });
  }
  return resolved;
}

/** The model-facing text of a content list: its text blocks, joined. */
export function textOf(content: readonly UpstreamBlock[] | undefined): string {
  return (content ?? [])
    .filter((block) => block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text as string)
    .join('');
}

/**
 * The contract's `content` of a user message: its text and image blocks in
 * order, present only when the message is more than one text block (the
 * contract reads an absent `content` as one text block, `text`).
 */
export function contentOf(
  content: readonly UpstreamBlock[] | undefined,
  images: ResolvedImages,
): { content?: ContentBlock[] } {
  const blocks: ContentBlock[] = [];
  for (const block of content ?? []) {
    if (block.type === 'text' && typeof block.text === 'string') blocks.push({ type: 'text', text: block.text });
    if (block.type === 'image' && block.attachment !== undefined) blocks.push(imageOf(block.attachment, images));
  }
  const plainText = blocks.length === 1 && blocks[0]!.type === 'text';
  return plainText || blocks.length === 0 ? {} : { content: blocks };
}

function imageOf(ref: Pick<ImageAttachmentRef, 'attachmentId'>, images: ResolvedImages): ImageBlock {
  const image = images.get(String(ref.attachmentId));
  if (image === undefined)
    throw new Error(`dsh adapter: image ${String(ref.attachmentId)} was not read from the attachment store`);
  return { ...image };
}

function attachmentStore(ctx: Context) {
  const store = ctx.get('attachments');
  if (store === undefined)
    throw new Error('dsh adapter: no attachment store is composed, so images cannot be stored or read');
  return store;
}
