"""PyYAML, found or asked for.

The host reads the deployment with a real YAML library, as any harness would.
PyYAML comes from `pip install pyyaml` or, on Debian, `apt-get install
python3-yaml`, which installs it for the system's interpreter
(/usr/bin/python3) only.  So when the interpreter that runs this lacks it
(a pyenv or venv `python3`) and the system's has it, the same command runs
again under the system's interpreter, saying so on stderr; otherwise the host
exits 2 with a sentence naming both installs.  A harness with its own YAML
library drops this module and imports that.
"""
from __future__ import annotations

import os
import sys

SYSTEM_PYTHON = "/usr/bin/python3"
_RERUN_MARK = "PLAN_HOST_RERUN_FOR_PYYAML"

try:
    import yaml  # noqa: F401
except ImportError:
    _here = os.path.realpath(sys.executable or "")
    if os.environ.get(_RERUN_MARK) != "1" and os.path.exists(SYSTEM_PYTHON) and os.path.realpath(SYSTEM_PYTHON) != _here:
        import subprocess

        found = subprocess.run([SYSTEM_PYTHON, "-c", "import yaml"], stdin=subprocess.DEVNULL, capture_output=True).returncode == 0
        if found:
            print(f"plan_host: PyYAML is not installed for {sys.executable}; running again under {SYSTEM_PYTHON}, which has it", file=sys.stderr)
            sys.stderr.flush()
            os.environ[_RERUN_MARK] = "1"
            # orig_argv is the whole command line (`-m unittest ...` included), not only the script's.
            os.execv(SYSTEM_PYTHON, [SYSTEM_PYTHON, *sys.orig_argv[1:]])
    print(
        f"plan_host: PyYAML is not installed for {sys.executable}: `{sys.executable} -m pip install pyyaml`, "
        "or on Debian `apt-get install python3-yaml` (for /usr/bin/python3)",
        file=sys.stderr,
    )
    sys.exit(2)
