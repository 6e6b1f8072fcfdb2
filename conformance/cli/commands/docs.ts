/** `plan-mode-conformance docs`: not built yet. */
export async function run(_argv: string[]): Promise<number> {
  console.error('plan-mode-conformance docs: not implemented yet');
  return 2;
}
