"""What the rc.8 edition changes in this host: the plan unit settles a /plan line
on its command/done, user messages carry images as ordered content, a retry
re-sends the failed request, /plan takes images, and a live owner's child
cannot open the review."""
import asyncio
import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from plan_host.editions import RC8, SEED  # noqa: E402
from plan_host.events import event, history_from_log, to_contract, user_message  # noqa: E402
from plan_host.host import Composition, Host  # noqa: E402
from plan_host.plan_mode import PlanModePlugin, parse_config  # noqa: E402
from plan_host.plan_mode.projection import plan_projection  # noqa: E402
from plan_host.projections import ProjectionRegistry  # noqa: E402

PNG = {"type": "image", "mediaType": "image/png", "data": "iVBORw0KGgo="}
GIF = {"type": "image", "mediaType": "image/gif", "data": "R0lGODlh"}


def views(settles_on_done: bool, records: list) -> list:
    registry = ProjectionRegistry()
    registry.register(plan_projection(settles_on_done=settles_on_done))
    registry.load("a", [])
    shown = []
    for record in records:
        registry.on_event("a", record)
        shown.append(registry.read("a", "plan"))
    return shown


class ProjectionTest(unittest.TestCase):
    def test_rc8_keeps_a_successful_line_and_drops_a_failed_one(self) -> None:
        run, ok, failed = event("command/run", name="plan", args=""), event("command/done", name="plan", ok=True), event("command/done", name="plan", ok=False)
        pending, idle = {"active": False, "pending": True}, {"active": False, "pending": False}
        self.assertEqual(views(True, [run, ok]), [pending, pending])
        self.assertEqual(views(True, [run, failed]), [pending, idle])
        # A later failed line leaves the earlier successful selection kept.
        off = event("command/run", name="plan", args="off")
        self.assertEqual(views(True, [run, ok, off, failed]), [pending, pending, idle, pending])
        # The seed's unit does not read command/done at all.
        self.assertEqual(views(False, [run, failed]), [pending, pending])


class MessagesTest(unittest.TestCase):
    def test_images_come_first_in_order_then_the_text_and_an_image_only_message_has_no_text_block(self) -> None:
        with_text = user_message("look", [PNG, GIF])
        self.assertEqual(to_contract(with_text)["content"], [PNG, GIF, {"type": "text", "text": "look"}])
        self.assertEqual(history_from_log([with_text])[0]["content"], [PNG, GIF, {"type": "text", "text": "look"}])
        self.assertEqual(to_contract(user_message("", [GIF])), {"type": "user/message", "source": "user", "text": "", "content": [GIF]})
        self.assertNotIn("content", to_contract(user_message("plain")))
        self.assertEqual(to_contract(event("command/done", name="plan", ok=False)), {"type": "command/done", "name": "plan", "ok": False})


class HostTest(unittest.TestCase):
    def host(self, edition, answers: list) -> tuple:
        requests = []

        async def model(request):
            requests.append(request)
            return answers.pop(0) if answers else {"type": "text", "text": "Done."}

        async def ask(question, agent_id):
            return {"type": "answer", "selected": ["Approve"]}

        folder = tempfile.mkdtemp()
        # The host keeps its store here; the test removes it, so a run leaves no temporary files behind.
        self.addCleanup(shutil.rmtree, folder)
        host = Host(folder, model=model, question_provider=ask, compose=Composition(True, True, True), edition=edition)
        service = host.install(PlanModePlugin(parse_config({"section": "PLAN"})))
        return host, service, requests

    def test_a_retry_resends_the_failed_request_in_rc8_and_assembles_a_new_one_in_the_seed(self) -> None:
        for edition, second_in_plan_mode in ((RC8, False), (SEED, True)):
            failure = {"type": "failure", "message": "busy", "retryable": True}
            host, service, requests = self.host(edition, [failure])
            agent = host.create_agent()
            original_model = host.model

            async def select_then_answer(request, original=original_model):
                if len(requests) == 0:
                    service.set(agent, True)  # queued while request 1 is in flight
                return await original(request)

            host.model = select_then_answer
            asyncio.run(host.prompt(agent, "go"))
            self.assertEqual("PLAN" in requests[1]["systemPrompt"], second_in_plan_mode, edition.name)
            if edition is RC8:
                self.assertIs(requests[1], requests[0])
                self.assertEqual(service.get(agent), {"active": False, "pending": True})

    def test_plan_off_with_images_is_refused_before_anything_is_logged_but_plan_with_images_steers_them(self) -> None:
        host, service, requests = self.host(RC8, [])
        agent = host.create_agent()
        refused = asyncio.run(host.commands.run(agent, "/plan off", [PNG]))
        self.assertFalse(refused.ok)
        self.assertEqual([to_contract(r)["type"] for r in host.log(agent)], ["command/run", "command/done"])
        self.assertEqual(service.get(agent), {"active": False})
        self.assertTrue(asyncio.run(host.commands.run(agent, "/plan", [GIF, PNG])).ok)
        self.assertEqual(requests[0]["messages"][-1]["content"], [GIF, PNG])
        seed_host, _, _ = self.host(SEED, [])
        seed_agent = seed_host.create_agent()
        self.assertFalse(asyncio.run(seed_host.commands.run(seed_agent, "/plan", [PNG])).ok)
        self.assertEqual(seed_host.log(seed_agent), [])

    def test_a_refused_plan_off_leaves_no_pending_exit_in_the_projection(self) -> None:
        host, service, _ = self.host(RC8, [])
        agent = host.create_agent()
        service.set(agent, True)
        self.assertFalse(asyncio.run(host.commands.run(agent, "/plan off", [PNG])).ok)
        self.assertEqual(host.projections.read(agent, "plan"), {"active": True, "pending": False})

    def test_an_owned_child_cannot_open_the_review_in_rc8(self) -> None:
        for edition, reviewed in ((RC8, False), (SEED, True)):
            exit_call = {"type": "tool_calls", "text": "", "calls": [{"id": "c1", "name": "exit_plan_mode", "arguments": {"plan": "# P"}}]}
            host, service, requests = self.host(edition, [exit_call])
            child = host.spawn_owned_child(host.create_agent())
            service.set(child, True)
            asyncio.run(host.prompt(child, "plan"))
            result = requests[1]["messages"][-1]
            self.assertEqual(result["isError"], not reviewed, edition.name)
            self.assertEqual(service.get(child)["active"], not reviewed, edition.name)


if __name__ == "__main__":
    unittest.main()
