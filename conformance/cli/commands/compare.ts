/** `plan-mode-conformance compare`: not built yet. */
export async function run(_argv: string[]): Promise<number> {
  console.error('plan-mode-conformance compare: not implemented yet');
  return 2;
}
