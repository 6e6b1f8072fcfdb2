/**
 * Splits an `exec:` command line into words the way a POSIX shell splits a
 * simple command: blanks separate words, single quotes keep everything,
 * double quotes keep everything but `\"` and `\\`, a backslash outside quotes
 * escapes the next character. Anything a shell would expand or redirect is
 * refused, since no shell runs the command.
 */
export class CommandLineError extends Error {
  override name = 'CommandLineError';
}

const SHELL_ONLY = new Set(['|', '&', ';', '<', '>', '(', ')', '$', '`']);

export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ' || c === '\t' || c === '\n') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i += 1;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) throw new CommandLineError(`unterminated single quote in command line: ${line}`);
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      i += 1;
      for (;;) {
        if (i >= line.length) throw new CommandLineError(`unterminated double quote in command line: ${line}`);
        const d = line[i]!;
        if (d === '"') break;
        if (d === '\\' && (line[i + 1] === '"' || line[i + 1] === '\\')) {
          word += line[i + 1];
          i += 2;
        } else {
          word += d;
          i += 1;
        }
      }
      inWord = true;
      i += 1;
    } else if (c === '\\') {
      if (i + 1 >= line.length) throw new CommandLineError(`command line ends with a lone backslash: ${line}`);
      word += line[i + 1];
      inWord = true;
      i += 2;
    } else if (SHELL_ONLY.has(c)) {
      throw new CommandLineError(
        `'${c}' needs a shell, and the command runs without one (quote it, or wrap the command in a script): ${line}`,
      );
    } else {
      word += c;
      inWord = true;
      i += 1;
    }
  }
  if (inWord) words.push(word);
  if (words.length === 0)
    throw new CommandLineError('the exec: adapter needs a command line, e.g. exec:python3 host.py');
  return words;
}
