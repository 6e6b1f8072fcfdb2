/** `2026-12-01T07:09:00.000Z` as `2026-12-01 07:09 UTC`; anything else as given. */
export function readableTime(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::[\d.]+)?Z$/.exec(iso);
  return match ? `${match[1]} ${match[2]} UTC` : iso;
}
