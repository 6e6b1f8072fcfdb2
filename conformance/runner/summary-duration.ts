/**
 * Stands in for `luxon` inside the suite's bundle (see build/bundle.mjs),
 * where cucumber asks one thing of it: the run's duration in the summary
 * line, `Interval.fromDateTimes(start, end).toDuration(['minutes', 'seconds',
 * 'milliseconds']).toFormat("m'm'ss.SSS's'")`. Luxon answers through Intl,
 * whose first use cost every run about 10 ms (its locale data) and whose
 * 250 KB of code every start read; whole minutes, seconds and milliseconds
 * need neither. Anything else asked of it throws, so a cucumber that asks more
 * is noticed; test/conformance/runner/start-up.test.ts compares the answers with luxon's.
 */

const UNIT_MS = { minutes: 60_000, seconds: 1_000, milliseconds: 1 } as const;
type Unit = keyof typeof UNIT_MS;

/** The format letters for each unit (luxon's duration tokens). */
const TOKEN_UNIT: Record<string, Unit> = { m: 'minutes', s: 'seconds', S: 'milliseconds' };

function unsupported(what: string): never {
  throw new Error(`the suite's stand-in for luxon (runner/summary-duration.ts) does not do ${what}`);
}

class Duration {
  constructor(private readonly parts: Readonly<Record<Unit, number>>) {}

  /** Tokens are runs of one letter, padded to the run's length; 'quoted' text is literal. */
  toFormat(format: string): string {
    return format.replace(
      /'([^']*)'|([A-Za-z])\2*/g,
      (token: string, literal: string | undefined, letter: string | undefined) => {
        if (literal !== undefined) return literal;
        const unit = TOKEN_UNIT[letter!];
        if (unit === undefined) return unsupported(`the format token ${token}`);
        return String(this.parts[unit]).padStart(token.length, '0');
      },
    );
  }
}

function toDuration(ms: number, units: readonly string[]): Duration {
  const order: Unit[] = ['minutes', 'seconds', 'milliseconds'];
  if (units.length !== order.length || units.some((unit, index) => unit !== order[index]))
    return unsupported(`durations in ${units.join(', ')}`);
  let rest = ms;
  const parts = {} as Record<Unit, number>;
  for (const unit of order) {
    parts[unit] = Math.floor(rest / UNIT_MS[unit]);
    rest -= parts[unit] * UNIT_MS[unit];
  }
  return new Duration(parts);
}

export const Interval = {
  fromDateTimes(start: Date, end: Date) {
    if (!(start instanceof Date) || !(end instanceof Date)) return unsupported('intervals of anything but Dates');
    const ms = end.getTime() - start.getTime();
    if (!(ms >= 0)) return unsupported('intervals that end before they start');
    return { toDuration: (units: readonly string[]) => toDuration(ms, units) };
  },
};
