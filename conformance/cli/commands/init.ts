/** `plan-mode-conformance init`: not built yet. */
export async function run(_argv: string[]): Promise<number> {
  console.error('plan-mode-conformance init: not implemented yet');
  return 2;
}
