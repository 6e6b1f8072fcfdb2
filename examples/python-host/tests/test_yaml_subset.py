"""The deployment YAML reader on the forms a deployment uses.

(The kit's own YAML library was the oracle while writing it: several thousand
generated deployments read the same way.  These cases pin the subtle ones.)
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from plan_host.yaml_subset import YamlError, load  # noqa: E402

SEED = """\
- id: plan-mode
  name: '@deepseek-ai/dsh-plan-mode'
  config:
    section: |
      You are in plan mode. Explore and design before presenting the complete
      plan through exit_plan_mode.
"""

BLOCK = """\
- id: plan-mode
  config:
    section: {style}
      Plan mode. Before changing anything:
        - read the code you would touch
        - list the risks

      Then present the plan through exit_plan_mode.
"""


def section(text: str):
    return load(text)[0]["config"]["section"]


class YamlSubsetTest(unittest.TestCase):
    def test_seed_example(self) -> None:
        self.assertEqual(
            load(SEED),
            [{
                "id": "plan-mode",
                "name": "@deepseek-ai/dsh-plan-mode",
                "config": {"section": "You are in plan mode. Explore and design before presenting the complete\nplan through exit_plan_mode.\n"},
            }],
        )

    def test_block_scalar_styles(self) -> None:
        body = "Plan mode. Before changing anything:\n  - read the code you would touch\n  - list the risks\n\nThen present the plan through exit_plan_mode."
        self.assertEqual(section(BLOCK.format(style="|")), body + "\n")
        self.assertEqual(section(BLOCK.format(style="|-")), body)
        self.assertEqual(section(BLOCK.format(style=">")), body + "\n")  # more-indented lines keep their breaks
        self.assertEqual(section("- id: x\n  config:\n    section: >\n      one\n      two\n\n      three\n"), "one two\nthree\n")
        self.assertEqual(section("- id: x\n  config:\n    section: |+\n      kept\n\n\n"), "kept\n\n\n")
        self.assertEqual(section("- id: x\n  config:\n    section: |2\n        two extra\n      base\n"), "  two extra\nbase\n")

    def test_folded_plain_and_quoted_scalars(self) -> None:
        self.assertEqual(section("- id: x\n  config:\n    section: a long plain\n      scalar folded\n"), "a long plain scalar folded")
        self.assertEqual(section('- id: x\n  config:\n    section: "tab\\there \\"q\\" \\\\ \\u00e9"\n'), 'tab\there "q" \\ é')
        self.assertEqual(section('- id: x\n  config:\n    section: "joined \\\n      here\\ \n\n      next"\n'), "joined here \nnext")
        self.assertEqual(section("- id: x\n  config:\n    section: 'it''s'\n"), "it's")

    def test_flow_collections_and_core_schema(self) -> None:
        config = load('- id: x\n  config: { section: "Plan.", modes: [plan, build], n: 42, f: 4.5, t: true, z: ~, s: off }\n')[0]["config"]
        self.assertEqual(config, {"section": "Plan.", "modes": ["plan", "build"], "n": 42, "f": 4.5, "t": True, "z": None, "s": "off"})
        self.assertEqual(load("- id: x\n  config: {}\n")[0]["config"], {})
        self.assertIsNone(load("- id: x\n  config: ~\n")[0]["config"])

    def test_malformed_input_is_refused_with_its_line(self) -> None:
        broken = '- id: plan-mode\n  config:\n    section: "You are in plan mode.\n  - broken: [\n'
        with self.assertRaisesRegex(YamlError, r"^line 3: unterminated"):
            load(broken)
        with self.assertRaises(YamlError):
            load("- id: x\n  config: &anchor {}\n")
        with self.assertRaises(YamlError):
            load("a: 1\na: 2\n")


if __name__ == "__main__":
    unittest.main()
