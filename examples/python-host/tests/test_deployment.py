"""The deployment read with PyYAML: the forms the kit sends, and the errors a bad one gets."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from plan_host.deployment import DeploymentError, plan_mode_config  # noqa: E402

SEED = """\
- id: plan-mode
  name: '@deepseek-ai/dsh-plan-mode'
  config:
    section: |
      You are in plan mode. Explore and design before presenting the complete
      plan through exit_plan_mode.
"""


class DeploymentTest(unittest.TestCase):
    def test_seed_example_keeps_the_block_final_line_break(self) -> None:
        section = plan_mode_config(SEED)["section"]
        self.assertEqual(section, "You are in plan mode. Explore and design before presenting the complete\nplan through exit_plan_mode.\n")

    def test_strip_and_folded_styles(self) -> None:
        self.assertEqual(plan_mode_config(SEED.replace("section: |", "section: |-"))["section"][-1], ".")
        folded = plan_mode_config(SEED.replace("section: |", "section: >"))["section"]
        self.assertEqual(folded, "You are in plan mode. Explore and design before presenting the complete plan through exit_plan_mode.\n")

    def test_plugins_mapping_is_read_like_the_bare_list(self) -> None:
        wrapped = "plugins:\n" + "".join(f"  {line}\n" for line in SEED.splitlines())
        self.assertEqual(plan_mode_config(wrapped), plan_mode_config(SEED))

    def test_bad_deployments_are_named(self) -> None:
        with self.assertRaisesRegex(DeploymentError, "malformed"):
            plan_mode_config('- id: plan-mode\n  config:\n    section: "open\n  - broken: [\n')
        with self.assertRaisesRegex(DeploymentError, "list of plugin entries"):
            plan_mode_config("section: x\n")
        with self.assertRaisesRegex(DeploymentError, "no plugin entry"):
            plan_mode_config("- id: other\n")


if __name__ == "__main__":
    unittest.main()
