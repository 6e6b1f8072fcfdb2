/**
 * The kit compares user messages by what the model receives, not by how a
 * host spells it: an image by its media type (case-insensitive, RFC 2045) and
 * its bytes (any valid base64 of them), and a message whose only block is its
 * text the same as a message without `content`. The scripted model records
 * requests in this form, so every step compares the same way.
 */
import type { ContentBlock, Message, ModelRequest } from '../../src/index.js';

function canonicalBlock(block: ContentBlock): ContentBlock {
  if (block.type === 'text') return block;
  return {
    type: 'image',
    mediaType: block.mediaType.toLowerCase(),
    data: Buffer.from(block.data, 'base64').toString('base64'),
  };
}

function canonicalMessage(message: Message): Message {
  if (message.role !== 'user' || message.content === undefined) return message;
  const content = message.content.map(canonicalBlock);
  const [only] = content;
  const plainText = content.length === 1 && only?.type === 'text' && only.text === message.text;
  if (plainText) return { role: 'user', source: message.source, text: message.text };
  return { ...message, content };
}

export function canonicalRequest(request: ModelRequest): ModelRequest {
  return { ...request, messages: request.messages.map(canonicalMessage) };
}
