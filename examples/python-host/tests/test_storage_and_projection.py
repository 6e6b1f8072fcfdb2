"""The JSON-lines log survives a torn last line; the plan projection pushes only on change."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from plan_host.events import event  # noqa: E402
from plan_host.jsonl import JsonLinesFile, StoreCorruption  # noqa: E402
from plan_host.plan_mode.projection import plan_projection  # noqa: E402
from plan_host.projections import ProjectionRegistry  # noqa: E402


class JsonLinesTest(unittest.TestCase):
    def test_torn_last_line_is_dropped_and_cut_before_the_next_append(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "log.jsonl")
            with open(path, "wb") as handle:
                handle.write(b'{"a":1}\n{"a":')  # a crash mid-write
            log = JsonLinesFile(path)
            self.assertEqual(log.read(), [{"a": 1}])
            log.append({"a": 2})
            self.assertEqual(JsonLinesFile(path).read(), [{"a": 1}, {"a": 2}])

    def test_a_bad_line_in_the_middle_is_corruption(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "log.jsonl")
            with open(path, "wb") as handle:
                handle.write(b'{"a":1}\nnot json\n{"a":3}\n')
            with self.assertRaisesRegex(StoreCorruption, "line 2"):
                JsonLinesFile(path).read()


class PlanProjectionTest(unittest.TestCase):
    def test_pushes_only_when_the_state_changes(self) -> None:
        registry = ProjectionRegistry()
        registry.register(plan_projection())
        pushes = []
        registry.subscribe(lambda agent, unit, view: pushes.append(view))
        registry.load("a", [])
        for record in [
            event("command/run", name="plan", args=""),
            event("turn/start"),
            event("command/run", name="probe", args="off"),
            event("plan/mode", active=True),
            event("user/message", source="user", text="hi"),
            event("command/run", name="plan", args=" \t"),  # already on: no new state
            event("command/run", name="plan", args=" off "),
        ]:
            registry.on_event("a", record)
        self.assertEqual(pushes, [{"active": False, "pending": True}, {"active": True, "pending": False}, {"active": True, "pending": True}])
        cold = ProjectionRegistry()
        cold.register(plan_projection())
        cold.load("a", [event("command/run", name="plan", args=""), event("plan/mode", active=True), event("command/run", name="plan", args="off")])
        self.assertEqual(cold.read("a", "plan"), registry.read("a", "plan"))


if __name__ == "__main__":
    unittest.main()
