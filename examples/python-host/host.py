#!/usr/bin/env python3
"""A plan-mode host in Python, driven by the conformance kit over stdio.

    npx plan-mode-conformance --adapter "exec:python3 node_modules/plan-mode-conformance/examples/python-host/host.py"

Standard library and PyYAML (plan_host/pyyaml.py finds it), one process.  See README.md beside this file.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from plan_host.main import main  # noqa: E402

if __name__ == "__main__":
    main()
