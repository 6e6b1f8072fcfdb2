/** `plan-mode-conformance explore`: not built yet. */
export async function run(_argv: string[]): Promise<number> {
  console.error('plan-mode-conformance explore: not implemented yet');
  return 2;
}
