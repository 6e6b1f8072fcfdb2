/** What a person does after `--write-baseline`: replaces each placeholder reason with one of their own (a placeholder is refused). */
import { readFileSync, writeFileSync } from 'node:fs';

export function writeReasons(path: string, reason = 'a reason a person wrote after reading the failure'): void {
  writeFileSync(
    path,
    readFileSync(path, 'utf8').replace(/reason: "TODO: state the observed difference.*"$/gm, `reason: ${reason}`),
  );
}
