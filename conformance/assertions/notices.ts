/**
 * Judging notices without reading them (NARR-01): a notice's wording is the
 * host's own, so the kit never asks what it says. It asks what a person could
 * not tell apart otherwise: the notice for entering plan mode and the one for
 * leaving it differ, and each is the same text every time. The scenario knows
 * which way the user switched, so each notice it meets is filed under that
 * direction and compared with every other notice of the scenario.
 */
import type { World } from '@cucumber/cucumber';
import { expectTrue, show } from './expect.js';
import { showForReview } from './review-text.js';

export type NoticeDirection = 'entry' | 'exit';

const seen = new WeakMap<object, Record<NoticeDirection, string[]>>();

function textsOf(world: object): Record<NoticeDirection, string[]> {
  let texts = seen.get(world);
  if (!texts) {
    texts = { entry: [], exit: [] };
    seen.set(world, texts);
  }
  return texts;
}

/** Files a notice the scenario expects to report `direction`, failing when it breaks consistency or distinctness. */
export function judgeNotice(
  world: Pick<World, 'attach'>,
  direction: NoticeDirection,
  text: string,
  label: string,
): void {
  const texts = textsOf(world);
  const other: NoticeDirection = direction === 'entry' ? 'exit' : 'entry';
  const same = texts[direction][0];
  expectTrue(
    same === undefined || same === text,
    () =>
      `${label}: the ${direction} notice should be the same text every time (NARR-01); earlier ${show(same)}, now ${show(text)}`,
  );
  expectTrue(
    !texts[other].includes(text),
    () =>
      `${label}: the ${direction} notice has the same text as the ${other} notice, ${show(text)}; entering and leaving must be told apart (NARR-01)`,
  );
  if (!texts[direction].includes(text))
    showForReview(world, direction === 'entry' ? 'entry-notice' : 'exit-notice', text);
  texts[direction].push(text);
}

/** Reads a feature's word for a notice's direction ("plan" or "default", as the tables say). */
export function noticeDirectionWord(word: string): NoticeDirection {
  const trimmed = word.trim();
  if (trimmed === 'plan') return 'entry';
  if (trimmed === 'default') return 'exit';
  throw new Error(`a notice row names its direction "plan" or "default", not "${word}"`);
}
