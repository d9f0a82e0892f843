"""Its version names a Cucumber plugin and a path: "1.0, html:<folder>/y" must stay text."""
import os
from hostile_agent import implementation, reply, serve

target = os.environ["HOSTILE_ESCAPE"]
serve(hello=lambda seq: reply({"seq": seq, "type": "hello", "protocol": 1,
                               "implementation": implementation(version="1.0, html:" + target + "/y, junit:"
                                                                + target + "/z.xml")}))
