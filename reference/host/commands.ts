/**
 * The command registry: `/name args` lines typed by a person. The host logs a
 * `command/run` record before the handler runs; command lines and results never
 * enter the model's history. A command that declares image input gets the
 * composer's image attachments with its line; the host refuses images for one
 * that does not.
 */
import type { ImageAttachment } from './events.js';

export interface CommandResult {
  ok: boolean;
  text: string;
}

export interface CommandDefinition {
  /** Without the slash, e.g. `plan`. */
  name: string;
  description: string;
  /** What the command takes besides its line: `images` for the composer's image attachments. */
  input?: { images?: boolean };
  /** Gets the agent, the raw argument text and the attached images (none unless it declares image input). */
  run(agent: string, args: string, images: readonly ImageAttachment[]): Promise<CommandResult>;
}

export interface ParsedCommandLine {
  name: string;
  /** Everything after the name and the white space that separates it (may be empty). */
  args: string;
}

/** `undefined` when the line is not a command line. */
export function parseCommandLine(line: string): ParsedCommandLine | undefined {
  const match = /^\s*\/([^\s/]+)(?:\s+([\s\S]*))?$/.exec(line);
  if (!match) return undefined;
  return { name: match[1]!, args: match[2] ?? '' };
}

export class CommandRegistry {
  private readonly commands = new Map<string, CommandDefinition>();

  register(command: CommandDefinition): void {
    if (this.commands.has(command.name)) throw new Error(`command '/${command.name}' is already registered`);
    this.commands.set(command.name, command);
  }

  find(name: string): CommandDefinition | undefined {
    return this.commands.get(name);
  }

  names(): string[] {
    return [...this.commands.keys()];
  }
}
