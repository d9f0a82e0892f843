"""The zipapp's entry: ``python3 asyncio-tck-agent.pyz [options]`` (or this folder) runs the agent."""

import sys

from asyncio_tck_agent.command import main

sys.exit(main())
