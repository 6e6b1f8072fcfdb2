/**
 * A bound on host text the kit keeps (an error message, a skip reason, a
 * review text): a host that throws a 100 MB message must not make every report
 * 100 MB or the run's memory many times that. The text is cut at the bound and
 * says how much was cut, so a reader knows it is not whole.
 */

/** The most of one host text a report keeps, in characters (64 KiB of ASCII). */
export const HOST_TEXT_LIMIT = 64 * 1024;

/** `text`, or its first `limit` characters and a line saying how many more were cut. */
export function boundedText(text: string, limit: number = HOST_TEXT_LIMIT): string {
  if (text.length <= limit) return text;
  // Never half a surrogate pair.
  const end = /[\ud800-\udbff]/.test(text[limit - 1]!) ? limit - 1 : limit;
  return `${text.slice(0, end)}\n[${text.length - end} more character(s) cut: a report keeps ${limit} of one host text]`;
}
