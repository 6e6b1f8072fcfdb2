/**
 * What a person submits: text, and the images a composer attached to it. The
 * user message it becomes holds the images first, in the order attached, then
 * the text block (left out when there is no text and there are images): the
 * same for a prompt and for a steered message, so that a `/plan` message costs
 * what submitting its content as a prompt costs (rc.8 MX-02).
 */
import type { ContentBlock, ImageAttachment, SessionEventMap } from './events.js';

export interface UserInput {
  text: string;
  images: readonly ImageAttachment[];
}

export function userInput(text: string, images: readonly ImageAttachment[] = []): UserInput {
  return { text, images: images.map((image) => ({ type: 'image', mediaType: image.mediaType, data: image.data })) };
}

/** The logged payload: `content` only when the message holds images (a plain message is its text). */
export function userMessagePayload(input: UserInput): SessionEventMap['user/message'] {
  if (input.images.length === 0) return { source: 'user', text: input.text };
  const content: ContentBlock[] = [...input.images];
  if (input.text.length > 0) content.push({ type: 'text', text: input.text });
  return { source: 'user', text: input.text, content };
}
