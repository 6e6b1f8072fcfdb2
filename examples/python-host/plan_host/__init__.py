"""A plan-mode host in Python (the standard library and PyYAML).

The package is a small agent harness (session log, agent loop, prompt
sections, tools, commands, questions, projections) with the plan-mode plugin
composed in, driven by the conformance kit over the stdio protocol.  Read it
in this order:

- ``protocol_server.py``: the kit's methods mapped onto the host;
- ``host.py`` and ``agent.py``: the harness and its agent loop;
- ``plan_mode/``: the plugin, written from the plan-mode spec;
- the small registries (``prompt.py``, ``tools.py``, ``commands.py``,
  ``projections.py``, ``questions.py``) and the storage (``jsonl.py``,
  ``store.py``, ``events.py``);
- ``rpc.py``: newline-delimited JSON-RPC 2.0 over stdin/stdout, both ways;
- ``deployment.py`` and ``pyyaml.py``: the deployment, read with PyYAML.
"""
