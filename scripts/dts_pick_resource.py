"""A pytest plugin for the DTS validator: test the resource named by DTS_RESOURCE.

The validator (github.com/distributed-text-services/validator) always tests the last
resource of the first collection it finds. Loaded with ``-p dts_pick_resource`` (this
directory on PYTHONPATH), it tests the resource whose ``@id`` is ``$DTS_RESOURCE``
instead, so that each of the edition's four sources can be validated; see README.md,
"DTS API".
"""

from __future__ import annotations

import os

from dts_validator import client

_last_resource = client.DTS_API.get_one_resource


def _chosen_resource(self: client.DTS_API) -> client.DTS_Resource:
    wanted = os.environ.get("DTS_RESOURCE")
    if not wanted:
        return _last_resource(self)
    return client.DTS_Resource(self.collections(id=wanted).json)


client.DTS_API.get_one_resource = _chosen_resource
