/**
 * The images a scenario attaches (rc.8: to a `/plan` line or a prompt), by the
 * names features give them. Each is a real 1x1 image of its media type, so a
 * host that checks what it is given accepts it; no two have the same bytes,
 * so a step can tell which image went where.
 */
import type { ImageBlock } from '../../src/index.js';

const NAMED_IMAGES: Record<string, ImageBlock> = {
  red: {
    type: 'image',
    mediaType: 'image/png',
    data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  },
  blue: {
    type: 'image',
    mediaType: 'image/png',
    data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC',
  },
  green: { type: 'image', mediaType: 'image/gif', data: 'R0lGODlhAQABAIAAAAAAAAD/ACwAAAAAAQABAAACAkwBADs=' },
};

/** Every image the kit can attach, by name. */
export const IMAGE_NAMES: readonly string[] = Object.keys(NAMED_IMAGES);

/** The images of a feature's list, `"red, blue"`, in that order. */
export function imagesNamed(list: string): ImageBlock[] {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  if (names.length === 0) throw new Error(`no image named in ${JSON.stringify(list)}`);
  return names.map((name) => {
    const image = NAMED_IMAGES[name];
    if (!image) throw new Error(`no image named "${name}": the kit has ${Object.keys(NAMED_IMAGES).join(', ')}`);
    return { ...image };
  });
}
