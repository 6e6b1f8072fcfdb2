/**
 * How the `/plan [message]` command reads its line (CMD-02..04): nothing after
 * the name selects plan mode, exactly `off` after trimming leaves it, and any
 * other argument selects plan mode and steers the trimmed message.
 */
export type PlanCommand = { kind: 'enter' } | { kind: 'leave' } | { kind: 'message'; text: string };

/** Reads a `/plan` line; undefined when the line is not the `/plan` command. */
export function readPlanCommand(line: string): PlanCommand | undefined {
  const match = /^\/plan(?:$|\s)([\s\S]*)$/.exec(line);
  if (!match) return undefined;
  const argument = (match[1] ?? '').trim();
  if (argument === '') return { kind: 'enter' };
  if (argument === 'off') return { kind: 'leave' };
  return { kind: 'message', text: argument };
}

/** The plan state a `/plan` line selects. */
export function selects(command: PlanCommand): boolean {
  return command.kind !== 'leave';
}
