/**
 * A host's own approval policy, as patch text on the reference adapter: the
 * variant that asks before every change (a correct host, SCOPE-02 leaves
 * approval to the host) and the mutants whose plan mode changes that policy
 * share it.
 */

/** The probe tools' registration in the reference adapter, where an approval policy steps in. */
export const PROBE_TOOL_EXECUTE = '          execute: async (args) => ({ text: await tool.execute(args) }),';

/** An approval policy of the host's own: before a tool that changes something runs, the user is asked. */
export function askBeforeChanges(when: string): string {
  return `          execute: async (args, context) => {
            if ((tool.effect === 'write' || tool.effect === 'command') && ctx.userInteraction && ${when}) {
              const outcome = await ctx.userInteraction.ask(context.agent, { header: 'Approval', question: \`Let \${tool.name} run?\`, options: [{ label: 'Allow' }, { label: 'Deny' }] });
              if (outcome.kind !== 'answered' || outcome.answer?.selected[0] !== 'Allow') return { text: 'The user denied this tool call.', isError: true };
            }
            return { text: await tool.execute(args) };
          },`;
}
